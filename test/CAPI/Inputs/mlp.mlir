// A two-layer MLP forward function (batch 32, 784 -> 256 -> 10) for the C
// API tests: the training pipeline differentiates it and plans the step.
func.func @mlp(%x: tensor<32x784xf32>, %labels: tensor<32xi32>,
               %w1: tensor<256x784xf32> {echo.trainable}, %b1: tensor<256xf32> {echo.trainable},
               %w2: tensor<10x256xf32> {echo.trainable}, %b2: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<256xf32>) -> tensor<32x256xf32>
  %a = echo.relu %h : tensor<32x256xf32>
  %o = echo.linear %a, %w2, %b2 : (tensor<32x256xf32>, tensor<10x256xf32>, tensor<10xf32>) -> tensor<32x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
