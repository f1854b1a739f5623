// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%l: tensor<10xf32>, %y: tensor<i32>, %g: tensor<f32>) {
  // CHECK: {{.*}}cross-entropy-grad-logits-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.cross_entropy_grad' op logits must have rank >= 2 ([..., classes]), got 'tensor<10xf32>'
  %a = echo.cross_entropy_grad %l, %y, %g : (tensor<10xf32>, tensor<i32>, tensor<f32>) -> tensor<10xf32>
  return
}
