// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}non-utf8-in-string.mlir:[[@LINE+4]]:{{[0-9]+}}: error: custom op 'echo.nope' is unknown
// Invalid UTF-8 inside a string attribute, then an unknown op.
func.func @f(%x: tensor<4xf32>) {
  %y = echo.relu %x {note = "Ã(ÿ"} : tensor<4xf32>
  %z = echo.nope %y : tensor<4xf32>
  return
}
