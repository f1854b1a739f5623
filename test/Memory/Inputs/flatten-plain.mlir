// Inputs/flatten.mlir without the reshapes: the same function.
func.func @plain(%x: tensor<2x8xf32>, %labels: tensor<2xi32>,
                 %w1: tensor<8x8xf32> {echo.trainable},
                 %w2: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %r = echo.relu %h : tensor<2x8xf32>
  %o = echo.linear %r, %w2 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
