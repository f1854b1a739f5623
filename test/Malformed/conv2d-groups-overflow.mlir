// RUN: not echo-opt %s 2>&1 | FileCheck %s
// weight[1] * groups = 4 * 2^62 wraps to 0 in int64 and would match the 0
// input channels; zero-size dimensions are rejected before any arithmetic.
func.func @f(%x: tensor<1x0x4x4xf32>, %w: tensor<0x4x1x1xf32>) {
  // CHECK: {{.*}}conv2d-groups-overflow.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op tensor type 'tensor<1x0x4x4xf32>' has size 0 in dimension 1
  %y = echo.conv2d %x, %w {groups = 4611686018427387904 : i64} : (tensor<1x0x4x4xf32>, tensor<0x4x1x1xf32>) -> tensor<1x0x4x4xf32>
  return
}
