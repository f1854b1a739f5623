// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x1024xf32>) {
  // CHECK: {{.*}}split-sizes-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.split' op input shape [8, 1024] does not match the expected [8, 768]
  %a, %b, %c = echo.split %x axis 1 : tensor<8x1024xf32> -> tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>
  return
}
