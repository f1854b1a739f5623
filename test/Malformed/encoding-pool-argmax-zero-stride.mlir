// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<1x1x8x8xf32>) {
  // CHECK: {{.*}}encoding-pool-argmax-zero-stride.mlir:[[@LINE+1]]:{{[0-9]+}}: error: stride entries must be >= 1
  %e = echo.encode %x : tensor<1x1x8x8xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [0, 2]>
  return
}
