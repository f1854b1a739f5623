// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<1x3x4x4xf32>, %w: tensor<16x3x7x7xf32>) {
  // CHECK: {{.*}}conv2d-kernel-too-big.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op dilated kernel [7, 7] does not fit the padded input [4, 4]
  %y = echo.conv2d %x, %w : (tensor<1x3x4x4xf32>, tensor<16x3x7x7xf32>) -> tensor<1x16x1x1xf32>
  return
}
