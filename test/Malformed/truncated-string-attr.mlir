// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-string-attr.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected '"' in string literal
// The file ends inside a string attribute.
func.func @f(%x: tensor<4xf32>) {
  %y = echo.relu %x {note = "unterminated : tensor<4xf32>
