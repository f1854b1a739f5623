// Parses and verifies, but echo-autodiff rejects it: the loss of a forward
// function must be a scalar.
func.func @vector_loss(%w: tensor<4xf32> {echo.trainable}) -> tensor<1xf32> {
  %l = echo.reduce sum %w dims [0] keepdims : tensor<4xf32> -> tensor<1xf32>
  return %l : tensor<1xf32>
}
