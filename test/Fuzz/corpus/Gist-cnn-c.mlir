func.func @cnn_c(%x: tensor<4x3x16x16xf32>, %labels: tensor<4xi32>,
                 %w1: tensor<8x3x5x5xf32> {echo.trainable}, %b1: tensor<8xf32> {echo.trainable},
                 %w2: tensor<16x8x3x3xf32> {echo.trainable}, %b2: tensor<16xf32> {echo.trainable},
                 %w3: tensor<16x16x3x3xf32> {echo.trainable}, %b3: tensor<16xf32> {echo.trainable},
                 %fw: tensor<10x256xf32> {echo.trainable}, %fb: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1, %b1 {stride = array<i64: 1, 1>, padding = array<i64: 2, 2>} : (tensor<4x3x16x16xf32>, tensor<8x3x5x5xf32>, tensor<8xf32>) -> tensor<4x8x16x16xf32>
  %r1 = echo.relu %c1 : tensor<4x8x16x16xf32>
  %p1 = echo.max_pool2d %r1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<4x8x16x16xf32> -> tensor<4x8x8x8xf32>
  %c2 = echo.conv2d %p1, %w2, %b2 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<4x8x8x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<4x16x8x8xf32>
  %r2 = echo.relu %c2 : tensor<4x16x8x8xf32>
  %p2 = echo.max_pool2d %r2 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<4x16x8x8xf32> -> tensor<4x16x4x4xf32>
  %c3 = echo.conv2d %p2, %w3, %b3 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<4x16x4x4xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>) -> tensor<4x16x4x4xf32>
  %r3 = echo.relu %c3 : tensor<4x16x4x4xf32>
  %f = echo.reshape %r3 : tensor<4x16x4x4xf32> -> tensor<4x256xf32>
  %o = echo.linear %f, %fw, %fb : (tensor<4x256xf32>, tensor<10x256xf32>, tensor<10xf32>) -> tensor<4x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x10xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
