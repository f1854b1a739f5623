// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-functional-type.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected '->' in function type
// The file ends after the operand types, before '->'.
func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>) {
  %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>)