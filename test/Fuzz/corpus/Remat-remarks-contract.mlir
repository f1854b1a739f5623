func.func @fig7(%in: tensor<2x8xf32>, %labels: tensor<2xi32>,
                %w1: tensor<8x8xf32> {echo.trainable}, %w2: tensor<8x8xf32> {echo.trainable},
                %wo: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %x = echo.linear %in, %w1 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %y = echo.linear %in, %w2 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %s = echo.add %x, %y : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %z = echo.tanh %s : tensor<2x8xf32>
  %o = echo.linear %z, %wo : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
