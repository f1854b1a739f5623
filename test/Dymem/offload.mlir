// echo-offload on hand-written steps: where the offload and the prefetch
// go under each policy, which stashes are candidates, and the time budget.
// The copies here are tiny but so are the kernels: every copy slows the
// simulated step down by far more than 5%, so the placement checks lift
// the budget (max-slowdown) and the BUDGET run shows the default keeping
// nothing.
//
// RUN: echo-opt %s -split-input-file '--echo-offload=policy=dymem max-slowdown=100000' | FileCheck %s --check-prefix=DYMEM
// RUN: echo-opt %s -split-input-file '--echo-offload=policy=dymem layers-ahead=1 max-slowdown=100000' | FileCheck %s --check-prefix=AHEAD1
// RUN: echo-opt %s -split-input-file '--echo-offload=policy=greedy max-slowdown=100000' | FileCheck %s --check-prefix=GREEDY
// RUN: echo-opt %s -split-input-file --mlir-print-op-on-diagnostic=false \
// RUN:   '--echo-offload=policy=greedy max-slowdown=100000 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: echo-opt %s -split-input-file --mlir-print-op-on-diagnostic=false \
// RUN:   '--echo-offload=remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// policy=none (the training pipeline's offload=none) moves nothing.
// RUN: echo-opt %s -split-input-file '--echo-offload=policy=none max-slowdown=100000' | FileCheck %s --check-prefix=NONE --implicit-check-not=echo.offload --implicit-check-not=echo.prefetch
// NONE-LABEL: func.func @train_step

// A conv layer's input %r, stashed for its weight gradient (task 7), three
// conv weight gradients (4, 5, 6) before it in the backward pass, which
// starts at the loss seed (3). Dymem: offload after the conv (the last
// forward use), prefetch two conv layers ahead of the use: before task 5.
func.func @train_step(%x: tensor<2x4x8x8xf32>, %w: tensor<4x4x3x3xf32>, %dy: tensor<2x4x8x8xf32>)
    -> (tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>) {
  %r = echo.relu %x : tensor<2x4x8x8xf32>
  %s = echo.stash %r : tensor<2x4x8x8xf32>
  %c = echo.conv2d %r, %w {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %l = echo.tanh %c {echo.loss_seed} : tensor<2x4x8x8xf32>
  %g1 = echo.conv2d_grad_weight %l, %dy {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
  %g2 = echo.conv2d_grad_weight %x, %dy {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
  %g3 = echo.conv2d_grad_weight %x, %l {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
  %g4 = echo.conv2d_grad_weight %s, %dy {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
  return %g1, %g2, %g3, %g4 : tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>
}
// DYMEM-LABEL: func.func @train_step
// DYMEM:      %[[S:.*]] = echo.stash
// DYMEM-NEXT: echo.conv2d
// DYMEM-NEXT: %[[H:.*]], %[[T:.*]] = echo.offload %[[S]] : tensor<2x4x8x8xf32>
// DYMEM-NEXT: echo.tanh
// DYMEM-NEXT: echo.conv2d_grad_weight
// DYMEM-NEXT: %[[P:.*]] = echo.prefetch %[[H]] after %[[T]] : !echo.host<tensor<2x4x8x8xf32>>
// DYMEM-NEXT: echo.conv2d_grad_weight
// DYMEM-NEXT: echo.conv2d_grad_weight
// DYMEM-NEXT: echo.conv2d_grad_weight %[[P]], %arg2
// AHEAD1-LABEL: func.func @train_step
// AHEAD1:      echo.offload
// AHEAD1-NEXT: echo.tanh
// AHEAD1-NEXT: echo.conv2d_grad_weight
// AHEAD1-NEXT: echo.conv2d_grad_weight
// AHEAD1-NEXT: %[[P:.*]] = echo.prefetch
// AHEAD1-NEXT: echo.conv2d_grad_weight
// AHEAD1-NEXT: echo.conv2d_grad_weight %[[P]], %arg2
// Greedy: the copy cannot hide behind these kernels, so its prefetch would
// go to the start of the backward pass, right after the offload: no op in
// between, no memory to win.
// GREEDY-LABEL: func.func @train_step
// GREEDY-NOT: echo.offload
// REMARK: remark: echo-offload: @train_step on pcie4 (greedy): 0 of 1 stashes offloaded, 0 bytes
// BUDGET: remark: echo-offload: @train_step on pcie4 (dymem): 0 of 1 stashes offloaded, 0 bytes; step [[STEP:[0-9.]+]] us, no offload [[STEP]] us (+0.00%)

// -----

// Not a conv input: Dymem leaves it; greedy offloads it after its last
// forward use (the tanh) and, the copy being longer than the compute left,
// prefetches it at the start of the backward pass.
func.func @train_step(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %a = echo.relu %x : tensor<256x1024xf32>
  %s = echo.stash %a : tensor<256x1024xf32>
  %b = echo.tanh %a : tensor<256x1024xf32>
  %c = echo.tanh %b : tensor<256x1024xf32>
  %d = echo.neg %c {echo.loss_seed} : tensor<256x1024xf32>
  %e = echo.tanh %d : tensor<256x1024xf32>
  %g = echo.relu_grad %s, %e : tensor<256x1024xf32>
  return %g : tensor<256x1024xf32>
}
// DYMEM-LABEL: func.func @train_step
// DYMEM-NOT: echo.offload
// GREEDY-LABEL: func.func @train_step
// GREEDY:      %[[S:.*]] = echo.stash %[[A:.*]] :
// GREEDY-NEXT: %[[B:.*]] = echo.tanh %[[A]]
// GREEDY-NEXT: %[[H:.*]], %[[T:.*]] = echo.offload %[[S]]
// GREEDY-NEXT: echo.tanh %[[B]]
// GREEDY-NEXT: %[[P:.*]] = echo.prefetch %[[H]] after %[[T]]
// GREEDY-NEXT: echo.neg
// GREEDY-NEXT: %[[E:.*]] = echo.tanh
// GREEDY-NEXT: echo.relu_grad %[[P]], %[[E]]
// REMARK: remark: echo-offload: @train_step on pcie4 (greedy): 1 of 1 stashes offloaded, 1048576 bytes
// BUDGET: remark: echo-offload: @train_step on pcie4 (dymem): 0 of 1 stashes offloaded

// -----

// Not candidates: a stashed argument (its buffer is persistent), a stash
// the step returns, and a value the backward pass also reads directly
// (its buffer stays live whatever happens to the stash).
func.func @train_step(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %sx = echo.stash %x : tensor<64x64xf32>
  %a = echo.relu %x : tensor<64x64xf32>
  %sa = echo.stash %a : tensor<64x64xf32>
  %b = echo.tanh %x : tensor<64x64xf32>
  %sb = echo.stash %b : tensor<64x64xf32>
  %l = echo.neg %b {echo.loss_seed} : tensor<64x64xf32>
  %g = echo.add %sx, %l : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = echo.add %g, %sb : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %k = echo.add %h, %a : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = echo.add %k, %sa : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m, %sb : tensor<64x64xf32>, tensor<64x64xf32>
}
// GREEDY-LABEL: func.func @train_step
// GREEDY-NOT: echo.offload
// REMARK: remark: echo-offload: @train_step on pcie4 (greedy): 0 of 0 stashes offloaded, 0 bytes

// -----

// No loss seed: a forward function, nothing to offload.
func.func @forward(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = echo.relu %x : tensor<64x64xf32>
  return %a : tensor<64x64xf32>
}
// REMARK: remark: echo-offload: @forward has no backward pass (no echo.loss_seed): nothing to offload

// -----

// A step without convolutions (an RNN's): Dymem's layers are the
// fully-connected ones. %r, a linear layer's input stashed for its weight
// gradient (task 8), is offloaded after the linear and prefetched two
// linear weight gradients ahead: before task 6. The dropout mask (i1) is
// no layer input: Dymem leaves it, greedy offloads it too (masks go to
// the host like f32 maps).
func.func @train_step(%x: tensor<64x256xf32>, %w: tensor<256x256xf32>, %dy: tensor<64x256xf32>)
    -> (tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<64x256xf32>) {
  %r = echo.relu %x : tensor<64x256xf32>
  %s = echo.stash %r : tensor<64x256xf32>
  %h = echo.linear %r, %w : (tensor<64x256xf32>, tensor<256x256xf32>) -> tensor<64x256xf32>
  %d, %m = echo.dropout %h probability 2.500000e-01 seed 7 : tensor<64x256xf32> -> tensor<64x256xf32>, tensor<64x256xi1>
  %sm = echo.stash %m : tensor<64x256xi1>
  %e = echo.tanh %d : tensor<64x256xf32>
  %l = echo.neg %e {echo.loss_seed} : tensor<64x256xf32>
  %g1 = echo.linear_grad_weight %dy, %l : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<256x256xf32>
  %g2 = echo.linear_grad_weight %dy, %x : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<256x256xf32>
  %g3 = echo.linear_grad_weight %l, %x : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<256x256xf32>
  %g4 = echo.linear_grad_weight %dy, %s : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<256x256xf32>
  %dd = echo.dropout_grad %sm, %dy probability 2.500000e-01 : tensor<64x256xi1>, tensor<64x256xf32>
  return %g1, %g2, %g3, %g4, %dd : tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<64x256xf32>
}
// DYMEM-LABEL: func.func @train_step
// DYMEM:      %[[S:.*]] = echo.stash %{{.*}} : tensor<64x256xf32>
// DYMEM-NEXT: echo.linear
// DYMEM-NEXT: %[[H:.*]], %[[T:.*]] = echo.offload %[[S]] : tensor<64x256xf32>
// DYMEM-NOT:  echo.offload
// DYMEM:      echo.neg
// DYMEM-NEXT: echo.linear_grad_weight
// DYMEM-NEXT: %[[P:.*]] = echo.prefetch %[[H]] after %[[T]] : !echo.host<tensor<64x256xf32>>
// DYMEM-NEXT: echo.linear_grad_weight
// DYMEM-NEXT: echo.linear_grad_weight
// DYMEM-NEXT: echo.linear_grad_weight %{{.*}}, %[[P]]
// DYMEM-NOT:  echo.offload
// GREEDY-LABEL: func.func @train_step
// GREEDY-DAG: echo.offload %{{.*}} : tensor<64x256xf32>
// GREEDY-DAG: echo.offload %{{.*}} : tensor<64x256xi1>
// GREEDY-DAG: echo.prefetch %{{.*}} after %{{.*}} : !echo.host<tensor<64x256xi1>>
// REMARK: remark: echo-offload: @train_step on pcie4 (greedy): 2 of 2 stashes offloaded
// BUDGET: remark: echo-offload: @train_step on pcie4 (dymem):
