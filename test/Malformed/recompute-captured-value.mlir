// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<8x64xf32>, %other: tensor<8x64xf32>) {
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    // %other is defined above the isolated region.
    // CHECK: {{.*}}recompute-captured-value.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.add' op using value defined outside the region
    %t = echo.add %in, %other : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    echo.yield %t : tensor<8x64xf32>
  }
  return
}
