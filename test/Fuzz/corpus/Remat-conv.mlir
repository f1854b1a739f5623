func.func @conv(%x: tensor<2x3x9x9xf32>, %labels: tensor<2xi32>,
                %w1: tensor<4x3x3x3xf32> {echo.trainable}, %b1: tensor<4xf32> {echo.trainable},
                %w2: tensor<4x4x3x3xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable},
                %fw: tensor<3x36xf32> {echo.trainable}, %fb: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1, %b1 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x9x9xf32>
  %r1 = echo.relu %c1 : tensor<2x4x9x9xf32>
  %c2 = echo.conv2d %r1, %w2, %b2 {padding = array<i64: 1, 1>} : (tensor<2x4x9x9xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<2x4x9x9xf32>
  %t2 = echo.tanh %c2 : tensor<2x4x9x9xf32>
  %s = echo.add %t2, %r1 : (tensor<2x4x9x9xf32>, tensor<2x4x9x9xf32>) -> tensor<2x4x9x9xf32>
  %p = echo.max_pool2d %s {kernel = array<i64: 3, 3>, stride = array<i64: 3, 3>} : tensor<2x4x9x9xf32> -> tensor<2x4x3x3xf32>
  %f = echo.reshape %p : tensor<2x4x3x3xf32> -> tensor<2x36xf32>
  %o = echo.linear %f, %fw, %fb : (tensor<2x36xf32>, tensor<3x36xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
