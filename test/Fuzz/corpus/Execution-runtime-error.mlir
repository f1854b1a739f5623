func.func @emb(%ids: tensor<2xi32>, %table: tensor<5x3xf32> {echo.trainable})
    -> tensor<f32> {
  %e = echo.embedding %table, %ids : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %l = echo.reduce mean %e dims [0, 1] : tensor<2x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}
