// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing-closing-brace.mlir:[[@LINE+5]]:{{[0-9]+}}: error: expected operation name in quotes
// The function body is never closed.
func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>) {
  %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %z = echo.relu %y : tensor<4x16xf32>
  return
