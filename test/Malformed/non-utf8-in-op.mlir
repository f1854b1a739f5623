// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}non-utf8-in-op.mlir:[[@LINE+3]]:{{[0-9]+}}: error: unexpected character
// Invalid UTF-8 bytes where an operand should be.
func.func @f(%x: tensor<4xf32>) {
  %y = echo.relu Ã(ÿþ : tensor<4xf32>
  return
}
