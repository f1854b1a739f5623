// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}use-before-def.mlir:[[@LINE+1]]:{{[0-9]+}}: error: operand #0 does not dominate this use
  %y = echo.relu %z : tensor<4xf32>
  %z = echo.tanh %x : tensor<4xf32>
  return
}
