// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<4xf32>) {
  // CHECK: {{.*}}recompute-two-blocks.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.recompute' op
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    echo.yield %in : tensor<4xf32>
  ^bb1(%in2: tensor<4xf32>):
    echo.yield %in2 : tensor<4xf32>
  }
  return
}
