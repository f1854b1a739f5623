// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xi32>) {
  // CHECK: {{.*}}sigmoid-integer-element.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.sigmoid' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4x8xi32>'
  %y = echo.sigmoid %x : tensor<4x8xi32>
  return
}
