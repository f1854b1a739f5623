// The gradient of echo.attention reads query, key, value, the output and
// the log-sum-exp: autodiff stashes exactly those (B*H*L*D and B*H*L
// elements) and no [B, H, L, L] tensor exists anywhere in the step. The
// same block spelled out (batch_matmul, softmax, batch_matmul) stashes its
// probabilities, a tensor<2x2x12x12xf32>.
// Only the step is checked (sed), not the forward functions beside it.
// RUN: echo-opt %s --echo-autodiff=function=fused | sed -n '/func.func @train_step/,/^  }/p' | FileCheck %s '--implicit-check-not=tensor<2x2x12x12xf32>' --implicit-check-not=echo.stash
// RUN: echo-opt %s --echo-autodiff=function=unfused | FileCheck %s --check-prefix=UNFUSED

// CHECK-LABEL: func.func @train_step(
// CHECK: %[[QH:.*]] = echo.transpose %{{.*}} permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
// CHECK-NEXT: %[[QS:.*]] = echo.stash %[[QH]] : tensor<2x2x12x8xf32>
// CHECK: %[[KH:.*]] = echo.transpose %{{.*}} permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
// CHECK-NEXT: %[[KS:.*]] = echo.stash %[[KH]] : tensor<2x2x12x8xf32>
// CHECK: %[[VH:.*]] = echo.transpose %{{.*}} permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
// CHECK-NEXT: %[[VS:.*]] = echo.stash %[[VH]] : tensor<2x2x12x8xf32>
// CHECK-NEXT: %[[O:.*]], %[[LSE:.*]] = echo.attention %[[QH]], %[[KH]], %[[VH]] causal : tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>
// CHECK-NEXT: %[[LS:.*]] = echo.stash %[[LSE]] : tensor<2x2x12xf32>
// CHECK-NEXT: %[[OS:.*]] = echo.stash %[[O]] : tensor<2x2x12x8xf32>
// The input of the output projection, stashed for its weight gradient.
// CHECK: echo.stash %{{.*}} : tensor<24x16xf32>
// CHECK: echo.stash %{{.*}} : tensor<24x5xf32>
// CHECK: %[[DO:.*]] = echo.transpose %{{.*}} permutation [0, 2, 1, 3] : tensor<2x12x2x8xf32> -> tensor<2x2x12x8xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = echo.attention_grad %[[QS]], %[[KS]], %[[VS]], %[[OS]], %[[LS]], %[[DO]] causal : tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>, tensor<2x2x12xf32>, tensor<2x2x12x8xf32>

// UNFUSED-LABEL: func.func @train_step(
// UNFUSED: %[[A:.*]] = echo.softmax %{{.*}} : tensor<2x2x12x12xf32>
// UNFUSED-NEXT: echo.stash %[[A]] : tensor<2x2x12x12xf32>

func.func @fused(%x: tensor<2x12x16xf32>, %labels: tensor<24xi32>,
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

func.func @unfused(%x: tensor<2x12x16xf32>, %labels: tensor<24xi32>, %causal: tensor<12x12xf32>,
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
  %s = echo.batch_matmul %qh, %kh transpose_rhs : (tensor<2x2x12x8xf32>, tensor<2x2x12x8xf32>) -> tensor<2x2x12x12xf32>
  %sm = echo.add %s, %causal : (tensor<2x2x12x12xf32>, tensor<12x12xf32>) -> tensor<2x2x12x12xf32>
  %a = echo.softmax %sm : tensor<2x2x12x12xf32>
  %o = echo.batch_matmul %a, %vh : (tensor<2x2x12x12xf32>, tensor<2x2x12x8xf32>) -> tensor<2x2x12x8xf32>
  %ot = echo.transpose %o permutation [0, 2, 1, 3] : tensor<2x2x12x8xf32> -> tensor<2x12x2x8xf32>
  %om = echo.reshape %ot : tensor<2x12x2x8xf32> -> tensor<24x16xf32>
  %logits = echo.linear %om, %wo : (tensor<24x16xf32>, tensor<5x16xf32>) -> tensor<24x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<24x5xf32>, tensor<24xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
