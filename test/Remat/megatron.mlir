// Megatron-LM's fixed policies (Korthikanti et al. 2022) on a small pre-LN
// transformer step: one attention sublayer, one MLP sublayer, a head.
// selective re-runs the attention core (QK^T, scale, softmax, dropout) in
// one region and keeps Q, K, V and the context stashed; full-layer keeps the
// layer inputs (the residual stream) and re-runs whole layers, their linears
// included: at layer-stride=1 each sublayer is a layer, at 2 the block is.
// The pass RUN lines start from Inputs/megatron.autodiff.mlir (the functions
// below after echo-autodiff).
// RUN: echo-opt %S/Inputs/megatron.autodiff.mlir '--echo-remat=policy=selective remarks=true' 2>&1 | FileCheck %s --check-prefix=SEL
// RUN: echo-opt %S/Inputs/megatron.autodiff.mlir '--echo-remat=policy=full-layer remarks=true' 2>&1 | FileCheck %s --check-prefix=FULL1
// RUN: echo-opt %S/Inputs/megatron.autodiff.mlir '--echo-remat=policy=full-layer layer-stride=2 remarks=true' 2>&1 | FileCheck %s --check-prefix=FULL2
// The training pipeline takes both (and the stride).
// RUN: echo-opt %s '--echo-training-pipeline=remat=full-layer remat-layer-stride=2' --mlir-print-ir-after=echo-remat -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE

func.func @block(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
                 %g: tensor<8xf32> {echo.trainable}, %b: tensor<8xf32> {echo.trainable},
                 %wqkv: tensor<24x8xf32> {echo.trainable}, %wo: tensor<8x8xf32> {echo.trainable},
                 %w1: tensor<16x8xf32> {echo.trainable}, %w2: tensor<8x16xf32> {echo.trainable},
                 %wh: tensor<8x8xf32> {echo.trainable}) -> tensor<f32> {
  %h0 = echo.tanh %x : tensor<4x8xf32>
  // Attention sublayer.
  %n1, %m1, %r1 = echo.layer_norm %h0, %g, %b : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
  %qkv = echo.linear %n1, %wqkv : (tensor<4x8xf32>, tensor<24x8xf32>) -> tensor<4x24xf32>
  %q, %k, %v = echo.split %qkv axis 1 : tensor<4x24xf32> -> tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  %q3 = echo.reshape %q : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %k3 = echo.reshape %k : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %v3 = echo.reshape %v : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %s = echo.batch_matmul %q3, %k3 transpose_rhs : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x4xf32>
  %scale = echo.fill 0.35 : tensor<f32>
  %ss = echo.mul %s, %scale : (tensor<1x4x4xf32>, tensor<f32>) -> tensor<1x4x4xf32>
  %p = echo.softmax %ss : tensor<1x4x4xf32>
  %pd, %mask = echo.dropout %p probability 2.500000e-01 seed 7 : tensor<1x4x4xf32> -> tensor<1x4x4xf32>, tensor<1x4x4xi1>
  %c = echo.batch_matmul %pd, %v3 : (tensor<1x4x4xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %c2 = echo.reshape %c : tensor<1x4x8xf32> -> tensor<4x8xf32>
  %o = echo.linear %c2, %wo : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %h1 = echo.add %h0, %o : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  // MLP sublayer.
  %n2, %m2, %r2 = echo.layer_norm %h1, %g, %b : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
  %u = echo.linear %n2, %w1 : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %a = echo.gelu %u : tensor<4x16xf32>
  %d = echo.linear %a, %w2 : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
  %h2 = echo.add %h1, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  // Head.
  %logits = echo.linear %h2, %wh : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// SEL: remark: echo-remat: selective: 1 attention cores recomputed; modeled peak
// SEL-LABEL: func.func @train_step
// The scores, their scaling, softmax and dropout in one region that reads
// the stashed Q and K (and the scale); nothing of the core is stashed any
// more.
// SEL: %[[Q:.*]] = echo.stash %{{.*}} : tensor<1x4x8xf32>
// SEL: %[[K:.*]] = echo.stash %{{.*}} : tensor<1x4x8xf32>
// SEL-NOT: echo.stash {{.*}}tensor<1x4x4x
// SEL: echo.recompute(%[[Q]], %[[K]], %{{.*}}) : ({{.*}}, tensor<f32>)
// SEL-NEXT: ^bb0
// SEL-NEXT: echo.batch_matmul {{.*}} transpose_rhs
// SEL-NEXT: echo.mul
// SEL-NEXT: echo.softmax
// SEL-NEXT: echo.dropout
// SEL-NEXT: echo.yield
// SEL-NOT: echo.recompute

// FULL1: remark: echo-remat: full-layer: 2 layers recomputed; modeled peak
// FULL1-LABEL: func.func @train_step
// Two regions, each re-running its sublayer's linears from the stashed
// residual stream value (h0, then h1) and the weights; the head is not re-run.
// FULL1: %[[H0:.*]] = echo.tanh
// FULL1: %[[H0S:.*]] = echo.stash %[[H0]]
// FULL1: %[[H1:.*]] = echo.add %[[H0]]
// FULL1: %[[H1S:.*]] = echo.stash %[[H1]]
// FULL1-COUNT-2: echo.stash
// FULL1-NOT: echo.stash
// FULL1: echo.recompute(%[[H1S]], {{.*}}) : {{.*}} {
// FULL1: echo.layer_norm
// FULL1: echo.linear
// FULL1: echo.gelu
// FULL1: echo.yield
// FULL1: echo.recompute(%[[H0S]], {{.*}}) : {{.*}} {
// FULL1: echo.layer_norm
// FULL1: echo.linear
// FULL1: echo.batch_matmul
// FULL1: echo.softmax
// FULL1: echo.dropout
// FULL1: echo.batch_matmul
// FULL1: echo.yield
// FULL1-NOT: echo.recompute

// FULL2: remark: echo-remat: full-layer: 1 layers recomputed; modeled peak
// FULL2-LABEL: func.func @train_step
// FULL2: echo.recompute(
// FULL2-NOT: echo.recompute

// PIPE-LABEL: func.func @train_step
// PIPE-COUNT-1: echo.recompute
// PIPE-NOT: echo.recompute
