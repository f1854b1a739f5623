// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-attr-dict.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected integer literal
// The file ends inside an attribute dictionary.
func.func @f(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  %y = echo.conv2d %x, %w {padding = array<i64: 1,