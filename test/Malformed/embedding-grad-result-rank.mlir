// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%i: tensor<8xi32>, %g: tensor<8x4xf32>) {
  // CHECK: {{.*}}embedding-grad-result-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.embedding_grad' op result must have rank 2 ([vocab, dim]), got 'tensor<4xf32>'
  %a = echo.embedding_grad %i, %g : (tensor<8xi32>, tensor<8x4xf32>) -> tensor<4xf32>
  return
}
