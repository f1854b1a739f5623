// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x6x8x8xf32>, %w: tensor<8x2x3x3xf32>) {
  // CHECK: {{.*}}conv2d-groups-indivisible.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op input channels 6 and output channels 8 must be divisible by groups 3
  %y = echo.conv2d %x, %w {groups = 3 : i64} : (tensor<8x6x8x8xf32>, tensor<8x2x3x3xf32>) -> tensor<8x8x6x6xf32>
  return
}
