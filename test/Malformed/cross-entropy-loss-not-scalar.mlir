// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%logits: tensor<32x10xf32>, %labels: tensor<32xi32>) {
  // CHECK: {{.*}}cross-entropy-loss-not-scalar.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.cross_entropy' op result #0 must be 0D tensor of 32-bit float values
  %loss = echo.cross_entropy %logits, %labels : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<1xf32>
  return
}
