// A model with the compiler's own op between two echo linears: its output
// is what the second linear's weight gradient reads, so echo plans it (and
// may recompute it) as it would an echo op in its place.
func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = my.square %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
