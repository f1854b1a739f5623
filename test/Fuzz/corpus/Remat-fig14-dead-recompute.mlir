func.func @fc(%x: tensor<4x16xf32>, %labels: tensor<4xi32>,
              %w1: tensor<16x16xf32> {echo.trainable}, %w2: tensor<3x16xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %x : tensor<4x16xf32>
  %h = echo.linear %t, %w1 : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %o = echo.linear %h, %w2 : (tensor<4x16xf32>, tensor<3x16xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
