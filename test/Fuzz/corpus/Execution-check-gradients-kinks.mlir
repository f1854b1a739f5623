func.func @train_step(%x: tensor<4x3xf32>, %w: tensor<5x3xf32> {echo.trainable})
    -> (tensor<f32>, tensor<5x3xf32>) {
  %y = echo.linear %x, %w : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
  %r = echo.relu %y : tensor<4x5xf32>
  %l = echo.reduce mean %r dims [0, 1] : tensor<4x5xf32> -> tensor<f32>
  %one = echo.fill 1.0 : tensor<f32>
  %dr = echo.reduce_grad mean %one dims [0, 1] : tensor<f32> -> tensor<4x5xf32>
  %dy = echo.tanh_grad %r, %dr : tensor<4x5xf32>
  %dw = echo.linear_grad_weight %dy, %x : (tensor<4x5xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %l, %dw : tensor<f32>, tensor<5x3xf32>
}
