// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}unknown-op-generic.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unregistered operation 'echo.nope' found in dialect ('echo') that does not allow unknown operations
  %y = "echo.nope"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
