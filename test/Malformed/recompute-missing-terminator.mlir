// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<4xf32>) {
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    // CHECK: {{.*}}recompute-missing-terminator.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block with no terminator
    %t = echo.tanh %in : tensor<4xf32>
  }
  return
}
