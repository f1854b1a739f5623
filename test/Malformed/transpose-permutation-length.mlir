// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}transpose-permutation-length.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.transpose' op permutation [2, 1, 0] must have 2 entries
  %t = echo.transpose %x permutation [2, 1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}
