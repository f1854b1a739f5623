// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%dy: tensor<8x16x30x30xf32>, %w: tensor<16x3x3x3xf32>) {
  // CHECK: {{.*}}conv2d-grad-input-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d_grad_input' op grad shape [8, 16, 30, 30] does not match the expected [8, 16, 32, 32]
  %dx = echo.conv2d_grad_input %dy, %w {padding = array<i64: 1, 1>} : (tensor<8x16x30x30xf32>, tensor<16x3x3x3xf32>) -> tensor<8x3x32x32xf32>
  return
}
