// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // CHECK: {{.*}}conv2d-input-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op input (NCHW) and weight (OIHW) must have rank 4
  %y = echo.conv2d %x, %w : (tensor<3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<16x30x30xf32>
  return
}
