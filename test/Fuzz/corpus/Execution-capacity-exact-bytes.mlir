func.func @tiny(%x: tensor<2x4xf32>, %labels: tensor<2xi32>,
                %w: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
