// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<4xf32>) {
  // CHECK: {{.*}}recompute-missing-block-args.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.recompute' op body has 0 arguments but the op has 1 inputs
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
    %z = echo.zeros : tensor<4xf32>
    echo.yield %z : tensor<4xf32>
  }
  return
}
