// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%p: tensor<16xf32>) {
  // CHECK: {{.*}}generic-missing-operand.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.sgd_update' op expected 2 or more operands, but found 1
  %y = "echo.sgd_update"(%p) <{lr = 1.0 : f64}> : (tensor<16xf32>) -> tensor<16xf32>
  return
}
