// Finite-difference gradient check of steps with echo.attention: a causal
// self-attention block (Q, K, V projections, heads split, attention, heads
// merged, output projection, cross entropy), and an encoder-decoder block
// (Lq 6 != Lk 12) with a [B, 1, 1, Lk] additive mask input and scale 0.5.
// RUN: echo-opt %S/../Memory/Inputs/fused_attention.mlir --echo-autodiff | echo-run --check-gradients=4 --seed 1 | FileCheck %s
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=4 --seed 2 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @cross(%x: tensor<2x6x16xf32>, %mem: tensor<2x12x16xf32>, %mask: tensor<2x1x1x12xf32>,
                 %labels: tensor<12xi32>,
                 %wq: tensor<16x16xf32> {echo.trainable}, %wk: tensor<16x16xf32> {echo.trainable},
                 %wv: tensor<16x16xf32> {echo.trainable}, %wo: tensor<5x16xf32> {echo.trainable}) -> tensor<f32> {
  %q = echo.linear %x, %wq : (tensor<2x6x16xf32>, tensor<16x16xf32>) -> tensor<2x6x16xf32>
  %k = echo.linear %mem, %wk : (tensor<2x12x16xf32>, tensor<16x16xf32>) -> tensor<2x12x16xf32>
  %v = echo.linear %mem, %wv : (tensor<2x12x16xf32>, tensor<16x16xf32>) -> tensor<2x12x16xf32>
  %q4 = echo.reshape %q : tensor<2x6x16xf32> -> tensor<2x6x2x8xf32>
  %k4 = echo.reshape %k : tensor<2x12x16xf32> -> tensor<2x12x2x8xf32>
  %v4 = echo.reshape %v : tensor<2x12x16xf32> -> tensor<2x12x2x8xf32>
  %qh = echo.transpose %q4 permutation [0, 2, 1, 3] : tensor<2x6x2x8xf32> -> tensor<2x2x6x8xf32>
  %kh = echo.transpose %k4 permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
  %vh = echo.transpose %v4 permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
  %o, %lse = echo.attention %qh, %kh, %vh mask %mask {scale = 0.5 : f64} : tensor<2x2x6x8xf32>, tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>, tensor<2x1x1x12xf32>
  %ot = echo.transpose %o permutation [0, 2, 1, 3] : tensor<2x2x6x8xf32> -> tensor<2x6x2x8xf32>
  %om = echo.reshape %ot : tensor<2x6x2x8xf32> -> tensor<12x16xf32>
  %logits = echo.linear %om, %wo : (tensor<12x16xf32>, tensor<5x16xf32>) -> tensor<12x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<12x5xf32>, tensor<12xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
