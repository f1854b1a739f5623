// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-mid-type.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected non-function type
// The file ends in the middle of a tensor type.
func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>) {
  %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x