// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}dropout-mask-not-i1.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.dropout' op result #1 must be statically shaped tensor of 1-bit signless integer values
  %y, %m = echo.dropout %x probability 1.000000e-01 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xf32>
  return
}
