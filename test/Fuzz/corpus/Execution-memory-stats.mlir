func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
               %w1: tensor<16x16xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
               %w2: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %r = echo.tanh %h : tensor<8x16xf32>
  %o = echo.linear %r, %w2 : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
