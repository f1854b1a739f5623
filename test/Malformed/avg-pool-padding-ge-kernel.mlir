// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x16x32x32xf32>) {
  // CHECK: {{.*}}avg-pool-padding-ge-kernel.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.avg_pool2d' op padding [2, 2] must be smaller than the kernel [2, 2]
  %y = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x18x18xf32>
  return
}
