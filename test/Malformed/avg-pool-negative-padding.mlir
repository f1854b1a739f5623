// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x16x32x32xf32>) {
  // CHECK: {{.*}}avg-pool-negative-padding.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.avg_pool2d' op padding entries must be >= 0, got [-1, 0]
  %y = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: -1, 0>} : tensor<8x16x32x32xf32> -> tensor<8x16x15x16xf32>
  return
}
