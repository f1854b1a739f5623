// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-mid-op.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected SSA operand
// The file ends in the middle of an op's operand list.
func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>) {
  %y = echo.linear %x,