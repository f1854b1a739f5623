func.func @mlp(%x: tensor<6x8xf32>, %labels: tensor<6xi32>,
               %w1: tensor<10x8xf32> {echo.trainable}, %b1: tensor<10xf32> {echo.trainable},
               %w2: tensor<4x10xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<6x8xf32>, tensor<10x8xf32>, tensor<10xf32>) -> tensor<6x10xf32>
  %r = echo.relu %h : tensor<6x10xf32>
  %o = echo.linear %r, %w2, %b2 : (tensor<6x10xf32>, tensor<4x10xf32>, tensor<4xf32>) -> tensor<6x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<6x4xf32>, tensor<6xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
