// RUN: not echo-opt %s 2>&1 | FileCheck %s
// input + 2 * padding overflows int64 (padding < kernel holds).
func.func @f(%x: tensor<1x1x4x4xf32>) {
  // CHECK: {{.*}}max-pool-huge-padding.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.max_pool2d' op
  %y = echo.max_pool2d %x {kernel = array<i64: 9223372036854775807, 1>, stride = array<i64: 1, 1>, padding = array<i64: 4611686018427387904, 0>} : tensor<1x1x4x4xf32> -> tensor<1x1x1x4xf32>
  return
}
