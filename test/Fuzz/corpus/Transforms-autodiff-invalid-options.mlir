func.func @f(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %w : tensor<4xf32>
  %l = echo.reduce sum %t dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @data(%x: tensor<4xf32>) -> tensor<f32> {
  %l = echo.reduce sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
