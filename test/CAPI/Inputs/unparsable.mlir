// Not IR: the op does not exist.
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = echo.no_such_op %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
