func.func @f(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
             %w: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %r = echo.relu %x : tensor<4x8xf32>
  %o = echo.linear %r, %w : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
