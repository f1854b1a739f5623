// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%t: tensor<1000xf32>, %ids: tensor<8x20xi32>) {
  // CHECK: {{.*}}embedding-table-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.embedding' op table must have rank 2 ([vocab, dim]), got 'tensor<1000xf32>'
  %e = echo.embedding %t, %ids : (tensor<1000xf32>, tensor<8x20xi32>) -> tensor<8x20x64xf32>
  return
}
