// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<f32>, %g: tensor<1xf32>) {
  // CHECK: {{.*}}layer-norm-grad-scalar-input.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.layer_norm_grad' op input must have rank >= 1
  %a, %b, %c = echo.layer_norm_grad %x, %g, %x, %x, %x : (tensor<f32>, tensor<1xf32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<1xf32>, tensor<1xf32>)
  return
}
