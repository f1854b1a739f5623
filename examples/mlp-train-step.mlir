// One SGD training step of a two-layer MLP (784 -> 256 -> 10, batch 32),
// written in the form echo-autodiff produces: the forward pass, one
// echo.stash per feature map a backward op reads, the backward pass in
// reverse order, and the parameter updates.
func.func @train_step(%x: tensor<32x784xf32>, %labels: tensor<32xi32>,
                      %w1: tensor<256x784xf32>, %b1: tensor<256xf32>,
                      %w2: tensor<10x256xf32>, %b2: tensor<10xf32>)
    -> (tensor<f32>, tensor<256x784xf32>, tensor<256xf32>, tensor<10x256xf32>, tensor<10xf32>) {
  // Forward.
  %h = echo.linear %x, %w1, %b1 : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<256xf32>) -> tensor<32x256xf32>
  %a = echo.relu %h : tensor<32x256xf32>
  %logits = echo.linear %a, %w2, %b2 : (tensor<32x256xf32>, tensor<10x256xf32>, tensor<10xf32>) -> tensor<32x10xf32>
  %loss = echo.cross_entropy %logits, %labels : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<f32>

  // What the backward pass reads. The first layer's output %h is not here:
  // linear's gradient needs only its input and weight.
  %x_s = echo.stash %x : tensor<32x784xf32>
  %a_s = echo.stash %a : tensor<32x256xf32>
  %logits_s = echo.stash %logits : tensor<32x10xf32>
  %labels_s = echo.stash %labels : tensor<32xi32>

  // Backward.
  %one = echo.fill 1.0 : tensor<f32>
  %dlogits = echo.cross_entropy_grad %logits_s, %labels_s, %one : (tensor<32x10xf32>, tensor<32xi32>, tensor<f32>) -> tensor<32x10xf32>
  %dw2 = echo.linear_grad_weight %dlogits, %a_s : (tensor<32x10xf32>, tensor<32x256xf32>) -> tensor<10x256xf32>
  %db2 = echo.sum_to %dlogits : tensor<32x10xf32> -> tensor<10xf32>
  %da = echo.linear_grad_input %dlogits, %w2 : (tensor<32x10xf32>, tensor<10x256xf32>) -> tensor<32x256xf32>
  %dh = echo.relu_grad %a_s, %da : tensor<32x256xf32>
  %dw1 = echo.linear_grad_weight %dh, %x_s : (tensor<32x256xf32>, tensor<32x784xf32>) -> tensor<256x784xf32>
  %db1 = echo.sum_to %dh : tensor<32x256xf32> -> tensor<256xf32>

  // Update.
  %w1n = echo.sgd_update %w1, %dw1 {lr = 0.1 : f64} : (tensor<256x784xf32>, tensor<256x784xf32>) -> tensor<256x784xf32>
  %b1n = echo.sgd_update %b1, %db1 {lr = 0.1 : f64} : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  %w2n = echo.sgd_update %w2, %dw2 {lr = 0.1 : f64} : (tensor<10x256xf32>, tensor<10x256xf32>) -> tensor<10x256xf32>
  %b2n = echo.sgd_update %b2, %db2 {lr = 0.1 : f64} : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
  return %loss, %w1n, %b1n, %w2n, %b2n : tensor<f32>, tensor<256x784xf32>, tensor<256xf32>, tensor<10x256xf32>, tensor<10xf32>
}
