// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x10xf32>) {
  // CHECK: {{.*}}softmax-axis-float-attr.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}'echo.softmax' op attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute
  %p = echo.softmax %x {axis = 1.0 : f32} : tensor<8x10xf32>
  return
}
