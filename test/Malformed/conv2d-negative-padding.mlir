// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // CHECK: {{.*}}conv2d-negative-padding.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op padding entries must be >= 0, got [-1, -1]
  %y = echo.conv2d %x, %w {padding = array<i64: -1, -1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x28x28xf32>
  return
}
