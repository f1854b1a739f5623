// Figures 7, 11 and 12: X and Y (N = 2x8 f32 = 64 bytes each) come out of two
// fully-connected layers and are added, then tanh. Baseline stashes only Z
// (64 bytes, for tanh_grad). Partition (Fig. 11b): the subgraph {add, tanh}
// is bounded by the two linears. Trimming (Fig. 12): dropping add keeps Z
// instead of X+Y (64 <= 128), dropping tanh keeps Z instead of its input (64
// <= 64), so Echo recomputes nothing. Mirror recomputes both and stashes X
// and Y: 64 -> 128 bytes, the doubling of Figure 7b.
//
// RUN: echo-opt %s --echo-autodiff --echo-remat | FileCheck %s --check-prefix=ECHO
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=mirror' | FileCheck %s --check-prefix=MIRROR
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=mirror remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MREM
//
// Stashed bytes by producer kind in the planned step (the 24 bytes of
// echo.linear are the logits that cross_entropy_grad reads, in every policy).
// RUN: echo-opt %s '--echo-training-pipeline=remat=none' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-NONE
// RUN: echo-opt %s '--echo-training-pipeline=remat=echo' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-ECHO
// RUN: echo-opt %s '--echo-training-pipeline=remat=mirror' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-MIRROR

// ECHO-LABEL: func.func @train_step
// ECHO-NOT:     echo.recompute
// ECHO:         %[[Z:.*]] = echo.tanh
// ECHO-NEXT:    %[[ZS:.*]] = echo.stash %[[Z]]
// ECHO-NOT:     echo.recompute
// ECHO:         echo.tanh_grad %[[ZS]],
// ECHO-NOT:     echo.recompute

// MIRROR-LABEL: func.func @train_step
// MIRROR:         %[[X:.*]] = echo.linear
// MIRROR-NEXT:    %[[XS:.*]] = echo.stash %[[X]]
// MIRROR-NEXT:    %[[Y:.*]] = echo.linear
// MIRROR-NEXT:    %[[YS:.*]] = echo.stash %[[Y]]
// MIRROR-NEXT:    echo.add %[[X]], %[[Y]]
// MIRROR-NEXT:    %[[Z:.*]] = echo.tanh
// MIRROR-NOT:     echo.stash %[[Z]]
// MIRROR:         echo.cross_entropy_grad
// MIRROR-NEXT:    %[[R:.*]] = echo.recompute(%[[XS]], %[[YS]])
// MIRROR-NEXT:    ^bb0(%[[A:.*]]: tensor<2x8xf32>, %[[B:.*]]: tensor<2x8xf32>):
// MIRROR-NEXT:      %[[S2:.*]] = echo.add %[[A]], %[[B]]
// MIRROR-NEXT:      %[[Z2:.*]] = echo.tanh %[[S2]]
// MIRROR-NEXT:      echo.yield %[[Z2]]
// MIRROR-NEXT:    }
// MIRROR-NEXT:    echo.linear_grad_weight %{{.*}}, %[[R]]
// MIRROR-NEXT:    echo.linear_grad_input
// MIRROR-NEXT:    echo.tanh_grad %[[R]],

// MREM: fig7-fig11-fc-add-tanh.mlir:[[#@LINE+11]]:8: remark: echo-remat: recompute 2 ops in 1 region(s) (32 FLOPs); stashed bytes 64 -> 128

// BYTES-NONE:   "by_op_kind":{"echo.linear":24,"echo.tanh":64}{{.*}}"function":"train_step"
// BYTES-ECHO:   "by_op_kind":{"echo.linear":24,"echo.tanh":64}{{.*}}"flops":{"backward":{{[0-9]+}},"forward":{{[0-9]+}},"recompute":0}{{.*}}"function":"train_step"
// BYTES-MIRROR: "by_op_kind":{"echo.linear":152}{{.*}}"flops":{"backward":{{[0-9]+}},"forward":{{[0-9]+}},"recompute":32}{{.*}}"function":"train_step"

func.func @fig7(%in: tensor<2x8xf32>, %labels: tensor<2xi32>,
                %w1: tensor<8x8xf32> {echo.trainable}, %w2: tensor<8x8xf32> {echo.trainable},
                %wo: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %x = echo.linear %in, %w1 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %y = echo.linear %in, %w2 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %s = echo.add %x, %y : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %z = echo.tanh %s : tensor<2x8xf32>
  %o = echo.linear %z, %wo : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
