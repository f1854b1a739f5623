// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<1x1x8x8xf32>) {
  // CHECK: {{.*}}encoding-pool-argmax-missing-stride.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'pool_argmax' encoding requires kernel and stride
  %e = echo.encode %x : tensor<1x1x8x8xf32> as #echo.encoding<pool_argmax, kernel = [2, 2]>
  return
}
