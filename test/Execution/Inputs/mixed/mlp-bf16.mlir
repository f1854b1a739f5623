// mlp-f32.mlir in bf16 with f32 master weights, as autocast builds it: the
// input and 16-bit copies of the weights are cast per step, both layers and
// the ReLU compute on bf16 tensors, the logits are cast to f32 for the loss.
// The weights, their gradients (each the cast back of the bf16 gradient) and
// the updates stay f32.
func.func @mlp(%x: tensor<32x16xf32>, %labels: tensor<32xi32>,
               %w1: tensor<32x16xf32> {echo.trainable}, %b1: tensor<32xf32> {echo.trainable},
               %w2: tensor<4x32xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %xh = echo.cast %x : tensor<32x16xf32> -> tensor<32x16xbf16>
  %w1h = echo.cast %w1 : tensor<32x16xf32> -> tensor<32x16xbf16>
  %b1h = echo.cast %b1 : tensor<32xf32> -> tensor<32xbf16>
  %h = echo.linear %xh, %w1h, %b1h : (tensor<32x16xbf16>, tensor<32x16xbf16>, tensor<32xbf16>) -> tensor<32x32xbf16>
  %r = echo.relu %h : tensor<32x32xbf16>
  %w2h = echo.cast %w2 : tensor<4x32xf32> -> tensor<4x32xbf16>
  %b2h = echo.cast %b2 : tensor<4xf32> -> tensor<4xbf16>
  %o = echo.linear %r, %w2h, %b2h : (tensor<32x32xbf16>, tensor<4x32xbf16>, tensor<4xbf16>) -> tensor<32x4xbf16>
  %of = echo.cast %o : tensor<32x4xbf16> -> tensor<32x4xf32>
  %l = echo.cross_entropy %of, %labels : (tensor<32x4xf32>, tensor<32xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
