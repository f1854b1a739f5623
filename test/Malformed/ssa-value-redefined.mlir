// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  %y = echo.relu %x : tensor<4xf32>
  // CHECK: {{.*}}ssa-value-redefined.mlir:[[@LINE+1]]:{{[0-9]+}}: error: redefinition of SSA value '%y'
  %y = echo.tanh %x : tensor<4xf32>
  return
}
