func.func @cnn_b(%x: tensor<2x4x9x9xf32>, %labels: tensor<2xi32>,
                 %w1: tensor<6x4x3x3xf32> {echo.trainable}, %b1: tensor<6xf32> {echo.trainable},
                 %w2: tensor<6x6x3x3xf32> {echo.trainable},
                 %w3: tensor<4x6x1x1xf32> {echo.trainable},
                 %fw: tensor<5x36xf32> {echo.trainable}, %fb: tensor<5xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1, %b1 {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x4x9x9xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<2x6x5x5xf32>
  %r1 = echo.relu %c1 : tensor<2x6x5x5xf32>
  %p1 = echo.max_pool2d %r1 {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<2x6x5x5xf32> -> tensor<2x6x5x5xf32>
  %c2 = echo.conv2d %p1, %w2 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x6x5x5xf32>, tensor<6x6x3x3xf32>) -> tensor<2x6x5x5xf32>
  %p2 = echo.max_pool2d %c2 {kernel = array<i64: 5, 5>, stride = array<i64: 2, 2>, padding = array<i64: 2, 2>} : tensor<2x6x5x5xf32> -> tensor<2x6x3x3xf32>
  %r2 = echo.relu %p2 : tensor<2x6x3x3xf32>
  %c3 = echo.conv2d %r2, %w3 {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : (tensor<2x6x3x3xf32>, tensor<4x6x1x1xf32>) -> tensor<2x4x3x3xf32>
  %f = echo.reshape %c3 : tensor<2x4x3x3xf32> -> tensor<2x36xf32>
  %o = echo.linear %f, %fw, %fb : (tensor<2x36xf32>, tensor<5x36xf32>, tensor<5xf32>) -> tensor<2x5xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x5xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
