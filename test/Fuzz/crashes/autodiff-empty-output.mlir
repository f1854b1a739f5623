// FUZZ-ARGS: --echo-autodiff=output=
// Found by fuzz_mutate.py: an empty output= gave a training step named ""
// that echo-opt printed as `@<<INVALID EMPTY SYMBOL>>` with exit status 0.
func.func @f(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %w : tensor<4xf32>
  %l = echo.reduce sum %t dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
