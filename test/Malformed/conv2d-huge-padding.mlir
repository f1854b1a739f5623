// RUN: not echo-opt %s 2>&1 | FileCheck %s
// 2 * padding overflows int64.
func.func @f(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // CHECK: {{.*}}conv2d-huge-padding.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op
  %y = echo.conv2d %x, %w {padding = array<i64: 4611686018427387904, 0>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x2xf32>
  return
}
