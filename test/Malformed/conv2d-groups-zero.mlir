// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x4x8x8xf32>, %w: tensor<8x4x3x3xf32>) {
  // CHECK: {{.*}}conv2d-groups-zero.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op groups must be >= 1, got 0
  %y = echo.conv2d %x, %w {groups = 0 : i64} : (tensor<8x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<8x8x6x6xf32>
  return
}
