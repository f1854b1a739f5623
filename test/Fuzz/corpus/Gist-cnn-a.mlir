func.func @cnn_a(%x: tensor<2x3x12x12xf32>, %labels: tensor<2xi32>,
                 %w1: tensor<8x3x3x3xf32> {echo.trainable}, %b1: tensor<8xf32> {echo.trainable},
                 %w2: tensor<8x8x3x3xf32> {echo.trainable}, %b2: tensor<8xf32> {echo.trainable},
                 %fw: tensor<10x72xf32> {echo.trainable}, %fb: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1, %b1 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x3x12x12xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x12x12xf32>
  %r1 = echo.relu %c1 : tensor<2x8x12x12xf32>
  %p1 = echo.max_pool2d %r1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x8x12x12xf32> -> tensor<2x8x6x6xf32>
  %c2 = echo.conv2d %p1, %w2, %b2 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x8x6x6xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32>
  %r2 = echo.relu %c2 : tensor<2x8x6x6xf32>
  %p2 = echo.max_pool2d %r2 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<2x8x6x6xf32> -> tensor<2x8x3x3xf32>
  %f = echo.reshape %p2 : tensor<2x8x3x3xf32> -> tensor<2x72xf32>
  %d, %mask = echo.dropout %f probability 2.500000e-01 seed 7 : tensor<2x72xf32> -> tensor<2x72xf32>, tensor<2x72xi1>
  %o = echo.linear %d, %fw, %fb : (tensor<2x72xf32>, tensor<10x72xf32>, tensor<10xf32>) -> tensor<2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
