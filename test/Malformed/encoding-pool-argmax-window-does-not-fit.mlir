// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<1x1x2x2xf32>) {
  // CHECK: {{.*}}encoding-pool-argmax-window-does-not-fit.mlir:[[@LINE+1]]:{{[0-9]+}}: error: pool window does not fit 'tensor<1x1x2x2xf32>'
  %e = echo.encode %x : tensor<1x1x2x2xf32> as #echo.encoding<pool_argmax, kernel = [3, 3], stride = [1, 1]>
  return
}
