// RUN: not echo-opt %s 2>&1 | FileCheck %s
// A 0x0 kernel (weight [O, C, 0, 0]) would yield an output larger than the
// input; zero-size dimensions are rejected on every echo op.
func.func @f(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x0x0xf32>) {
  // CHECK: {{.*}}conv2d-zero-sized-kernel.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.conv2d' op tensor type 'tensor<1x1x0x0xf32>' has size 0 in dimension 2
  %y = echo.conv2d %x, %w : (tensor<1x1x4x4xf32>, tensor<1x1x0x0xf32>) -> tensor<1x1x5x5xf32>
  return
}
