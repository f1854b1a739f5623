// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}reshape-element-count.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.reshape' op cannot reshape 32 elements [4, 8] into 30 elements [5, 6]
  %r = echo.reshape %x : tensor<4x8xf32> -> tensor<5x6xf32>
  return
}
