// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<4xf32>) {
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    // CHECK: {{.*}}recompute-side-effects.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.offload' op has side effects and cannot be recomputed
    %h, %t = echo.offload %in : tensor<4xf32>
    echo.yield %in : tensor<4xf32>
  }
  return
}
