// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x16x32x32xf32>) {
  // CHECK: {{.*}}max-pool-missing-kernel.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.max_pool2d' op requires attribute 'kernel'
  %y = echo.max_pool2d %x {stride = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x16x16xf32>
  return
}
