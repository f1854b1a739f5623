// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<8x64xf32>) {
  // CHECK: {{.*}}recompute-arg-type-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.recompute' op body argument #0 has type 'tensor<8x32xf32>' but input #0 has type 'tensor<8x64xf32>'
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x32xf32> {
  ^bb0(%in: tensor<8x32xf32>):
    %t = echo.tanh %in : tensor<8x32xf32>
    echo.yield %t : tensor<8x32xf32>
  }
  return
}
