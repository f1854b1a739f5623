// A relu map that the backward pass reads twice: as the relu's output
// (relu_grad) and, flattened, as the second linear's input
// (linear_grad_weight). Both are stashed; the flattened one is a view.
func.func @flatten(%x: tensor<2x8xf32>, %labels: tensor<2xi32>,
                   %w1: tensor<8x8xf32> {echo.trainable},
                   %w2: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %r = echo.relu %h : tensor<2x8xf32>
  %m = echo.reshape %r : tensor<2x8xf32> -> tensor<2x2x4xf32>
  %f = echo.reshape %m : tensor<2x2x4xf32> -> tensor<2x8xf32>
  %o = echo.linear %f, %w2 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
