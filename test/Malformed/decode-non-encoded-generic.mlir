// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}decode-non-encoded-generic.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.decode' op operand #0 must be encoded tensor, but got 'tensor<4xf32>'
  %y = "echo.decode"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
