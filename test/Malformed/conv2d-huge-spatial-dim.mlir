// RUN: not echo-opt %s 2>&1 | FileCheck %s
// H = INT64_MAX with padding 1: H + 2*padding overflows int64.
func.func @f(%x: tensor<1x1x9223372036854775807x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // CHECK: {{.*}}conv2d-huge-spatial-dim.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op
  %y = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<1x1x9223372036854775807x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32>
  return
}
