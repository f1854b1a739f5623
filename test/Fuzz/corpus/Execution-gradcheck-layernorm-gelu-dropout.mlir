func.func @ln(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
              %w1: tensor<6x8xf32> {echo.trainable}, %b1: tensor<6xf32> {echo.trainable},
              %g: tensor<6xf32> {echo.trainable}, %beta: tensor<6xf32> {echo.trainable},
              %w2: tensor<3x6xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %n, %mean, %rstd = echo.layer_norm %h, %g, %beta : (tensor<4x6xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4xf32>, tensor<4xf32>)
  %a = echo.gelu %n : tensor<4x6xf32>
  %d, %mask = echo.dropout %a probability 2.500000e-01 seed 7 : tensor<4x6xf32> -> tensor<4x6xf32>, tensor<4x6xi1>
  %o = echo.linear %d, %w2 : (tensor<4x6xf32>, tensor<3x6xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
