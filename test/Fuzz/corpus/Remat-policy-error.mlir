func.func @f(%x: tensor<2x4xf32>, %labels: tensor<2xi32>, %w: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %x : tensor<2x4xf32>
  %o = echo.linear %t, %w : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
