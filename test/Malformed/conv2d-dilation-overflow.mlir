// RUN: not echo-opt %s 2>&1 | FileCheck %s
// dilation * (KH - 1) overflows int64.
func.func @f(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // CHECK: {{.*}}conv2d-dilation-overflow.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op
  %y = echo.conv2d %x, %w {dilation = array<i64: 4611686018427387904, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x2xf32>
  return
}
