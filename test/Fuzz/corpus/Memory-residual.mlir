func.func @residual(%in: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
                    %w0: tensor<4x3x3x3xf32> {echo.trainable},
                    %w1: tensor<4x4x3x3xf32> {echo.trainable},
                    %w2: tensor<4x4x3x3xf32> {echo.trainable},
                    %fw: tensor<10x4xf32> {echo.trainable}) -> tensor<f32> {
  %x0 = echo.conv2d %in, %w0 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %x = echo.relu %x0 : tensor<2x4x8x8xf32>
  %c1 = echo.conv2d %x, %w1 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %r1 = echo.relu %c1 : tensor<2x4x8x8xf32>
  %c2 = echo.conv2d %r1, %w2 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %s = echo.add %c2, %x : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %y = echo.relu %s : tensor<2x4x8x8xf32>
  %p = echo.reduce mean %y dims [2, 3] : tensor<2x4x8x8xf32> -> tensor<2x4xf32>
  %o = echo.linear %p, %fw : (tensor<2x4xf32>, tensor<10x4xf32>) -> tensor<2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
