// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<f32>, %g: tensor<1xf32>, %b: tensor<1xf32>) {
  // CHECK: {{.*}}layer-norm-scalar-input.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.layer_norm' op input must have rank >= 1
  %y, %mean, %rstd = echo.layer_norm %x, %g, %b : (tensor<f32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>)
  return
}
