// RUN: not echo-opt %s 2>&1 | FileCheck %s
// kernel[0] * kernel[1] = 2^62 * 4 wraps to 0 in int64 and slips under the
// 256-position limit.
func.func @f(%x: tensor<1x1x8x8xf32>) {
  // CHECK: {{.*}}encoding-pool-argmax-kernel-overflow.mlir:[[@LINE+1]]:{{[0-9]+}}: error: pool windows of more than 256 positions cannot be encoded
  %e = echo.encode %x : tensor<1x1x8x8xf32> as #echo.encoding<pool_argmax, kernel = [4611686018427387904, 4], stride = [1, 1]>
  return
}
