func.func @res(%x: tensor<2x4x6x6xf32>, %labels: tensor<2xi32>,
               %w1: tensor<4x4x3x3xf32> {echo.trainable},
               %w2: tensor<4x4x3x3xf32> {echo.trainable},
               %fw: tensor<3x144xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
  %r1 = echo.relu %c1 : tensor<2x4x6x6xf32>
  %c2 = echo.conv2d %r1, %w2 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
  %t = echo.tanh %c2 : tensor<2x4x6x6xf32>
  %a = echo.add %t, %r1 : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  %r2 = echo.relu %a : tensor<2x4x6x6xf32>
  %f = echo.reshape %r2 : tensor<2x4x6x6xf32> -> tensor<2x144xf32>
  %o = echo.linear %f, %fw : (tensor<2x144xf32>, tensor<3x144xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}


