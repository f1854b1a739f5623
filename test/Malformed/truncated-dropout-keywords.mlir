// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-dropout-keywords.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected attribute value
// The file ends after the 'probability' keyword.
func.func @f(%x: tensor<4x8xf32>) {
  %y, %m = echo.dropout %x probability