// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<1x1x32x32xf32>) {
  // CHECK: {{.*}}encoding-pool-argmax-window-too-big.mlir:[[@LINE+1]]:{{[0-9]+}}: error: pool windows of more than 256 positions cannot be encoded
  %e = echo.encode %x : tensor<1x1x32x32xf32> as #echo.encoding<pool_argmax, kernel = [17, 17], stride = [1, 1]>
  return
}
