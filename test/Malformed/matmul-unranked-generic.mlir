// RUN: not echo-opt %s 2>&1 | FileCheck %s
// The generic form bypasses the custom parser; the verifier must not assume
// a ranked type.
func.func @f(%a: tensor<*xf32>, %b: tensor<16x4xf32>) {
  // CHECK: {{.*}}matmul-unranked-generic.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.matmul' op operand #0 must be statically shaped tensor
  %c = "echo.matmul"(%a, %b) : (tensor<*xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return
}
