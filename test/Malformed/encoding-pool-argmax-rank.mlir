// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x8xf32>) {
  // CHECK: {{.*}}encoding-pool-argmax-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'pool_argmax' encodes the NCHW input of a max pooling, got 'tensor<8x8xf32>'
  %e = echo.encode %x : tensor<8x8xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>
  return
}
