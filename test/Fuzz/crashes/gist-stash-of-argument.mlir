// FUZZ-ARGS: --echo-autodiff=skip-existing --gist-encode
// A stash of a step argument that no forward op reads (here in the forward
// function and, after autodiff, a stash of that stash): gist-encode looked
// for the argument's defining op (none) and crashed.
func.func @conv(%img: tensor<2x2x6x6xf32>, %labels: tensor<2xi32>,
                %w: tensor<3x2x3x3xf32> {echo.trainable}, %fw: tensor<3x48xf32> {echo.trainable}) -> tensor<f32> {
  %x = echo.stash %img : tensor<2x2x6x6xf32>
  %c = echo.conv2d %x, %w : (tensor<2x2x6x6xf32>, tensor<3x2x3x3xf32>) -> tensor<2x3x4x4xf32>
  %f = echo.reshape %c : tensor<2x3x4x4xf32> -> tensor<2x48xf32>
  %o = echo.linear %f, %fw : (tensor<2x48xf32>, tensor<3x48xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
