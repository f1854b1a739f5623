// A chain (ResNet's residual sums, an LSTM's cell states): 8 blocks
// h_i = tanh(linear(h_{i-1})^2 + h_{i-1}). Baseline stashes each linear's
// output a_i (the square's backward reads it) and each h_i (tanh backward,
// next linear's weight gradient). Echo recomputes every h_i from the a_i it
// keeps anyway: the light ops form one subgraph linked by the h_i.
//
// Per-use regions (flops-slack=0) keep the peak lowest but each re-runs the
// chain from its start: 108 ops, 13824 FLOPs, 4.5x mirror's 3072. The FLOPs
// phase buys this down with checkpoints: stashing every stride-th link lets
// regions start at the nearest one (Chen et al.'s sqrt(n) spacing), joined
// regions run each op once. With room for it (flops-slack=0.2) Echo
// recomputes 15 ops (1920 FLOPs) and still plans less than mirror (24356
// vs 26404 bytes); exchange-rate bounds what a FLOP may cost in peak.
//
// RUN: echo-opt %s --echo-autodiff '--echo-remat=remarks=true flops-slack=0' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PERUSE
// RUN: echo-opt %s --echo-autodiff '--echo-remat=remarks=true flops-slack=0.2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CKPT
// RUN: echo-opt %s --echo-autodiff '--echo-remat=remarks=true flops-slack=0.2 exchange-rate=1000' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEAR
// RUN: echo-opt %s --echo-autodiff '--echo-remat=flops-slack=0.2' | FileCheck %s
// RUN: echo-opt %s --echo-autodiff '--echo-remat=flops-slack=0.2' | grep -A1 ' = echo.tanh ' | grep -c 'echo.stash' | FileCheck %s --check-prefix=LINKS
// RUN: echo-opt %s --echo-autodiff '--echo-remat=flops-slack=0.2' --echo-training-pipeline=remat=none --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-CKPT
// RUN: echo-opt %s '--echo-training-pipeline=remat=mirror' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-MIRROR
// Checkpointed regions re-run the same kernels: results are bit-identical.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s --echo-autodiff | echo-run --seed 1 --iterations 2 --dump-results %t/none.out
// RUN: echo-opt %s --echo-autodiff '--echo-remat=flops-slack=0.2' | echo-run --seed 1 --iterations 2 --dump-results %t/ckpt.out
// RUN: cmp %t/none.out %t/ckpt.out

// PERUSE: chain-checkpoints.mlir:[[#@LINE+20]]:9: remark: echo-remat: recompute 108 ops in 8 region(s) (13824 FLOPs); stashed bytes 8192 -> 4096
// CKPT: chain-checkpoints.mlir:[[#@LINE+19]]:9: remark: echo-remat: recompute 15 ops in 4 region(s) (1920 FLOPs)
// When a share of the peak must save 1000 times that share of the step's
// FLOPs, no placement is worth its peak: the per-use regions stay.
// DEAR: chain-checkpoints.mlir:[[#@LINE+16]]:9: remark: echo-remat: recompute 108 ops in 8 region(s) (13824 FLOPs)

// Three links (every other h_i) are stashed and feed the regions, next to
// the a_i.
// CHECK-LABEL: func.func @train_step
// CHECK:         echo.loss_seed
// CHECK-COUNT-4: echo.recompute
// CHECK-NOT:     echo.recompute
// LINKS: 3

// BYTES-CKPT: "recompute":1920{{.*}}"function":"train_step"{{.*}}"planned_peak_bytes":24356
// BYTES-MIRROR: "recompute":3072{{.*}}"function":"train_step"{{.*}}"planned_peak_bytes":26404

func.func @chain(%x: tensor<8x16xf32>, %labels: tensor<8xi32>, %w0: tensor<16x16xf32> {echo.trainable}, %w1: tensor<16x16xf32> {echo.trainable}, %w2: tensor<16x16xf32> {echo.trainable}, %w3: tensor<16x16xf32> {echo.trainable}, %w4: tensor<16x16xf32> {echo.trainable}, %w5: tensor<16x16xf32> {echo.trainable}, %w6: tensor<16x16xf32> {echo.trainable}, %w7: tensor<16x16xf32> {echo.trainable},
                 %v: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
  %a0 = echo.linear %x, %w0 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m0 = echo.mul %a0, %a0 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s0 = echo.add %m0, %x : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h0 = echo.tanh %s0 : tensor<8x16xf32>
  %a1 = echo.linear %h0, %w1 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m1 = echo.mul %a1, %a1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s1 = echo.add %m1, %h0 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h1 = echo.tanh %s1 : tensor<8x16xf32>
  %a2 = echo.linear %h1, %w2 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m2 = echo.mul %a2, %a2 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s2 = echo.add %m2, %h1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h2 = echo.tanh %s2 : tensor<8x16xf32>
  %a3 = echo.linear %h2, %w3 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m3 = echo.mul %a3, %a3 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s3 = echo.add %m3, %h2 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h3 = echo.tanh %s3 : tensor<8x16xf32>
  %a4 = echo.linear %h3, %w4 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m4 = echo.mul %a4, %a4 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s4 = echo.add %m4, %h3 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h4 = echo.tanh %s4 : tensor<8x16xf32>
  %a5 = echo.linear %h4, %w5 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m5 = echo.mul %a5, %a5 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s5 = echo.add %m5, %h4 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h5 = echo.tanh %s5 : tensor<8x16xf32>
  %a6 = echo.linear %h5, %w6 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m6 = echo.mul %a6, %a6 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s6 = echo.add %m6, %h5 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h6 = echo.tanh %s6 : tensor<8x16xf32>
  %a7 = echo.linear %h6, %w7 : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %m7 = echo.mul %a7, %a7 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s7 = echo.add %m7, %h6 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %h7 = echo.tanh %s7 : tensor<8x16xf32>
  %logits = echo.linear %h7, %v : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %loss = echo.cross_entropy %logits, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %loss : tensor<f32>
}
