// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-dense-constant.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected ']'
// The file ends inside a dense literal.
func.func @f() {
  %c = echo.constant dense<[1.0, 2.0