// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}dropout-probability-nan.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.dropout' op probability must be in [0, 1), got nan
  %y, %m = echo.dropout %x probability 0x7FF8000000000000 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}
