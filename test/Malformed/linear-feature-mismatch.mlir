// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<32x784xf32>, %w: tensor<256x783xf32>) {
  // CHECK: {{.*}}linear-feature-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.linear' op input feature size 784 does not match weight [256, 783]
  %y = echo.linear %x, %w : (tensor<32x784xf32>, tensor<256x783xf32>) -> tensor<32x256xf32>
  return
}
