// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x1024xf32>) {
  // CHECK: {{.*}}slice-negative-stride.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.slice' op strides must be >= 1, got [1, -2]
  %s = echo.slice %x offsets [0, 512] strides [1, -2] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}
