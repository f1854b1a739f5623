// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}dropout-seed-not-integer.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.dropout' invalid kind of attribute specified
  %y, %m = echo.dropout %x probability 1.000000e-01 seed "seven" : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}
