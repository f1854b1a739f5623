// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}dropout-probability-one.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.dropout' op probability must be in [0, 1), got 1
  %y, %m = echo.dropout %x probability 1.000000e+00 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}
