// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<8x64xf32>) {
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    %t = echo.tanh %in : tensor<8x64xf32>
    // CHECK: {{.*}}recompute-wrong-yield-count.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.yield' op yields types
    echo.yield %t, %t : tensor<8x64xf32>, tensor<8x64xf32>
  }
  return
}
