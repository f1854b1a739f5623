// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<*xf32>) {
  // CHECK: {{.*}}tanh-unranked.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.tanh' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'
  %y = echo.tanh %x : tensor<*xf32>
  return
}
