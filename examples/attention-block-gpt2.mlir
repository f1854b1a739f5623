// One causal self-attention block at GPT-2 124M's attention shape (batch 1,
// 1024 tokens, width 768, 12 heads of 64), written twice: @fused with
// echo.attention, @unfused with batch_matmul + causal mask + softmax +
// batch_matmul. docs/runtime.md ("Fused attention") plans and runs both:
//   echo-opt examples/attention-block-gpt2.mlir --echo-autodiff=function=fused \
//     | echo-opt --echo-training-pipeline --echo-memory-report
// The block is test/Transforms/autodiff-fused-attention.mlir's at this size.
func.func @fused(%x: tensor<1x1024x768xf32>, %labels: tensor<1024xi32>,
                 %wq: tensor<768x768xf32> {echo.trainable}, %wk: tensor<768x768xf32> {echo.trainable},
                 %wv: tensor<768x768xf32> {echo.trainable}, %wo: tensor<5x768xf32> {echo.trainable}) -> tensor<f32> {
  %q = echo.linear %x, %wq : (tensor<1x1024x768xf32>, tensor<768x768xf32>) -> tensor<1x1024x768xf32>
  %k = echo.linear %x, %wk : (tensor<1x1024x768xf32>, tensor<768x768xf32>) -> tensor<1x1024x768xf32>
  %v = echo.linear %x, %wv : (tensor<1x1024x768xf32>, tensor<768x768xf32>) -> tensor<1x1024x768xf32>
  %q4 = echo.reshape %q : tensor<1x1024x768xf32> -> tensor<1x1024x12x64xf32>
  %k4 = echo.reshape %k : tensor<1x1024x768xf32> -> tensor<1x1024x12x64xf32>
  %v4 = echo.reshape %v : tensor<1x1024x768xf32> -> tensor<1x1024x12x64xf32>
  %qh = echo.transpose %q4 permutation [0, 2, 1, 3] : tensor<1x1024x12x64xf32> -> tensor<1x12x1024x64xf32>
  %kh = echo.transpose %k4 permutation [0, 2, 1, 3] : tensor<1x1024x12x64xf32> -> tensor<1x12x1024x64xf32>
  %vh = echo.transpose %v4 permutation [0, 2, 1, 3] : tensor<1x1024x12x64xf32> -> tensor<1x12x1024x64xf32>
  %o, %lse = echo.attention %qh, %kh, %vh causal : tensor<1x12x1024x64xf32>, tensor<1x12x1024x64xf32>, tensor<1x12x1024x64xf32>
  %ot = echo.transpose %o permutation [0, 2, 1, 3] : tensor<1x12x1024x64xf32> -> tensor<1x1024x12x64xf32>
  %om = echo.reshape %ot : tensor<1x1024x12x64xf32> -> tensor<1024x768xf32>
  %logits = echo.linear %om, %wo : (tensor<1024x768xf32>, tensor<5x768xf32>) -> tensor<1024x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<1024x5xf32>, tensor<1024xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @unfused(%x: tensor<1x1024x768xf32>, %labels: tensor<1024xi32>, %causal: tensor<1024x1024xf32>,
                   %wq: tensor<768x768xf32> {echo.trainable}, %wk: tensor<768x768xf32> {echo.trainable},
                   %wv: tensor<768x768xf32> {echo.trainable}, %wo: tensor<5x768xf32> {echo.trainable}) -> tensor<f32> {
  %q = echo.linear %x, %wq : (tensor<1x1024x768xf32>, tensor<768x768xf32>) -> tensor<1x1024x768xf32>
  %k = echo.linear %x, %wk : (tensor<1x1024x768xf32>, tensor<768x768xf32>) -> tensor<1x1024x768xf32>
  %v = echo.linear %x, %wv : (tensor<1x1024x768xf32>, tensor<768x768xf32>) -> tensor<1x1024x768xf32>
  %q4 = echo.reshape %q : tensor<1x1024x768xf32> -> tensor<1x1024x12x64xf32>
  %k4 = echo.reshape %k : tensor<1x1024x768xf32> -> tensor<1x1024x12x64xf32>
  %v4 = echo.reshape %v : tensor<1x1024x768xf32> -> tensor<1x1024x12x64xf32>
  %qh = echo.transpose %q4 permutation [0, 2, 1, 3] : tensor<1x1024x12x64xf32> -> tensor<1x12x1024x64xf32>
  %kh = echo.transpose %k4 permutation [0, 2, 1, 3] : tensor<1x1024x12x64xf32> -> tensor<1x12x1024x64xf32>
  %vh = echo.transpose %v4 permutation [0, 2, 1, 3] : tensor<1x1024x12x64xf32> -> tensor<1x12x1024x64xf32>
  %s = echo.batch_matmul %qh, %kh transpose_rhs : (tensor<1x12x1024x64xf32>, tensor<1x12x1024x64xf32>) -> tensor<1x12x1024x1024xf32>
  %sm = echo.add %s, %causal : (tensor<1x12x1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1x12x1024x1024xf32>
  %a = echo.softmax %sm : tensor<1x12x1024x1024xf32>
  %o = echo.batch_matmul %a, %vh : (tensor<1x12x1024x1024xf32>, tensor<1x12x1024x64xf32>) -> tensor<1x12x1024x64xf32>
  %ot = echo.transpose %o permutation [0, 2, 1, 3] : tensor<1x12x1024x64xf32> -> tensor<1x1024x12x64xf32>
  %om = echo.reshape %ot : tensor<1x1024x12x64xf32> -> tensor<1024x768xf32>
  %logits = echo.linear %om, %wo : (tensor<1024x768xf32>, tensor<5x768xf32>) -> tensor<1024x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<1024x5xf32>, tensor<1024xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
