// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%logits: tensor<32x10xf32>, %labels: tensor<10xi32>) {
  // CHECK: {{.*}}cross-entropy-labels-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.cross_entropy' op labels must be [32] (the logits shape without the class dimension), got [10]
  %loss = echo.cross_entropy %logits, %labels : (tensor<32x10xf32>, tensor<10xi32>) -> tensor<f32>
  return
}
