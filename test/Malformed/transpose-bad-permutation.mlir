// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}transpose-bad-permutation.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.transpose' op [0, 0] is not a permutation of [0, 2)
  %t = echo.transpose %x permutation [0, 0] : tensor<4x8xf32> -> tensor<4x4xf32>
  return
}
