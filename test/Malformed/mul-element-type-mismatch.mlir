// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>, %y: tensor<8xf16>) {
  // CHECK: {{.*}}mul-element-type-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.mul' op operands and results must share one float element type, got 'f32' and 'f16'
  %z = echo.mul %x, %y : (tensor<4x8xf32>, tensor<8xf16>) -> tensor<4x8xf32>
  return
}
