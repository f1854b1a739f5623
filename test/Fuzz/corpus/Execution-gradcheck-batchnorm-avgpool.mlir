func.func @bn(%x: tensor<2x3x6x6xf32>, %labels: tensor<2xi32>,
              %rm: tensor<4xf32>, %rv: tensor<4xf32>,
              %w: tensor<4x3x3x3xf32> {echo.trainable},
              %g: tensor<4xf32> {echo.trainable}, %b: tensor<4xf32> {echo.trainable},
              %fw: tensor<3x36xf32> {echo.trainable}) -> tensor<f32> {
  %c = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<2x3x6x6xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32>
  %y, %nm, %nv, %sm, %si = echo.batch_norm %c, %g, %b, %rm, %rv : (tensor<2x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %t = echo.tanh %y : tensor<2x4x6x6xf32>
  %p = echo.avg_pool2d %t {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<2x4x6x6xf32> -> tensor<2x4x3x3xf32>
  %f = echo.reshape %p : tensor<2x4x3x3xf32> -> tensor<2x36xf32>
  %o = echo.linear %f, %fw : (tensor<2x36xf32>, tensor<3x36xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
