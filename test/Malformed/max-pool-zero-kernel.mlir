// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x16x32x32xf32>) {
  // CHECK: {{.*}}max-pool-zero-kernel.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.max_pool2d' op kernel entries must be >= 1, got [0, 0]
  %y = echo.max_pool2d %x {kernel = array<i64: 0, 0>, stride = array<i64: 1, 1>} : tensor<8x16x32x32xf32> -> tensor<8x16x33x33xf32>
  return
}
