// The f32 reference of mlp-bf16.mlir / mlp-f16.mlir: train-mlp.mlir's MLP.
func.func @mlp(%x: tensor<32x16xf32>, %labels: tensor<32xi32>,
               %w1: tensor<32x16xf32> {echo.trainable}, %b1: tensor<32xf32> {echo.trainable},
               %w2: tensor<4x32xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<32x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<32x32xf32>
  %r = echo.relu %h : tensor<32x32xf32>
  %o = echo.linear %r, %w2, %b2 : (tensor<32x32xf32>, tensor<4x32xf32>, tensor<4xf32>) -> tensor<32x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<32x4xf32>, tensor<32xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
