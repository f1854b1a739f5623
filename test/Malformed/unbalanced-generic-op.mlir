// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unbalanced-generic-op.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected ')' to end operand list
// A generic op with an unclosed operand list.
func.func @f(%x: tensor<4xf32>) {
  %y = "echo.relu"(%x : (tensor<4xf32>) -> tensor<4xf32>
  return
}
