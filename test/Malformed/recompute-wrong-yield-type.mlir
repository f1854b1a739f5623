// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<8x64xf32>) {
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    %t = echo.reduce sum %in dims [1] : tensor<8x64xf32> -> tensor<8xf32>
    // CHECK: {{.*}}recompute-wrong-yield-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.yield' op yields types 'tensor<8xf32>' but the enclosing 'echo.recompute' returns 'tensor<8x64xf32>'
    echo.yield %t : tensor<8xf32>
  }
  return
}
