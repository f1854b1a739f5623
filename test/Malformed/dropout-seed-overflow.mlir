// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}dropout-seed-overflow.mlir:[[@LINE+1]]:{{[0-9]+}}: error: integer constant out of range for attribute
  %y, %m = echo.dropout %x probability 1.000000e-01 seed 99999999999999999999 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}
