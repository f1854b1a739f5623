// A causal self-attention block with the fused echo.attention: Q, K, V
// projections, heads split ([B, L, E] -> [B, H, L, D]), attention, heads
// merged, an output projection to per-token logits, cross entropy.
// B 2, L 12, E 16, H 2, D 8: the scores would be tensor<2x2x12x12xf32>.
func.func @block(%x: tensor<2x12x16xf32>, %labels: tensor<24xi32>,
                 %wq: tensor<16x16xf32> {echo.trainable}, %wk: tensor<16x16xf32> {echo.trainable},
                 %wv: tensor<16x16xf32> {echo.trainable}, %wo: tensor<5x16xf32> {echo.trainable}) -> tensor<f32> {
  %q = echo.linear %x, %wq : (tensor<2x12x16xf32>, tensor<16x16xf32>) -> tensor<2x12x16xf32>
  %k = echo.linear %x, %wk : (tensor<2x12x16xf32>, tensor<16x16xf32>) -> tensor<2x12x16xf32>
  %v = echo.linear %x, %wv : (tensor<2x12x16xf32>, tensor<16x16xf32>) -> tensor<2x12x16xf32>
  %q4 = echo.reshape %q : tensor<2x12x16xf32> -> tensor<2x12x2x8xf32>
  %k4 = echo.reshape %k : tensor<2x12x16xf32> -> tensor<2x12x2x8xf32>
  %v4 = echo.reshape %v : tensor<2x12x16xf32> -> tensor<2x12x2x8xf32>
  %qh = echo.transpose %q4 permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
  %kh = echo.transpose %k4 permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
  %vh = echo.transpose %v4 permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
  %o, %lse = echo.attention %qh, %kh, %vh causal : tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>
  %ot = echo.transpose %o permutation [0, 2, 1, 3] : tensor<2x2x12x8xf32> -> tensor<2x12x2x8xf32>
  %om = echo.reshape %ot : tensor<2x12x2x8xf32> -> tensor<24x16xf32>
  %logits = echo.linear %om, %wo : (tensor<24x16xf32>, tensor<5x16xf32>) -> tensor<24x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<24x5xf32>, tensor<24xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
