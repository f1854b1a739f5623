func.func @cnn(%x: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
               %cw: tensor<4x3x3x3xf32> {echo.trainable}, %cb: tensor<4xf32> {echo.trainable},
               %fw: tensor<10x64xf32> {echo.trainable}) -> tensor<f32> {
  %c = echo.conv2d %x, %cw, %cb {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x8x8xf32>
  %r = echo.relu %c : tensor<2x4x8x8xf32>
  %p = echo.max_pool2d %r {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %f = echo.reshape %p : tensor<2x4x4x4xf32> -> tensor<2x64xf32>
  %o = echo.linear %f, %fw : (tensor<2x64xf32>, tensor<10x64xf32>) -> tensor<2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
