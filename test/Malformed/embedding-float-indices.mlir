// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%t: tensor<1000x64xf32>, %ids: tensor<8x20xf32>) {
  // CHECK: {{.*}}embedding-float-indices.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.embedding' op operand #1 must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values
  %e = echo.embedding %t, %ids : (tensor<1000x64xf32>, tensor<8x20xf32>) -> tensor<8x20x64xf32>
  return
}
