// Figures 8 and 13 (reuse): T = 8 tensors of shape [N] (N = 4; row t of Q,
// sliced) are each broadcast-added to the same [T x N] tensor K, then tanh.
// Both K and Q come out of linears, so the subgraph {8 x (slice, add, tanh),
// concat} is bounded by heavy ops. Baseline stashes the T tanh outputs,
// T*T*N f32 = 1024 bytes, plus their concat (the linear's input, another
// 1024). Trimming cannot drop any add: K is shared by all T adds and counted
// once, so recomputing everything keeps only K and Q: 2*T*N f32 = 256 bytes.
// The concat (input of the heavy linear) is recomputed too ("dead"
// recompute, Figure 14): stashed bytes 2048 -> 256.
//
// Placement: each backward use gets its own region right before it, so
// recomputed values live no longer than stashed ones: one for the concat,
// one per tanh_grad, 9 in all; the concat's region recomputes the adds
// again (1024 FLOPs). echo-remat's footprint check tries one region for the
// whole path (each op recomputed once, 512 FLOPs, as mirror does) and keeps
// the 9 because one region raises the step's peak to mirror's (5700 vs
// 4420 bytes): here Echo spends FLOPs for memory.
//
// RUN: echo-opt %s --echo-autodiff --echo-remat | FileCheck %s
// RUN: echo-opt %s --echo-autodiff '--echo-remat=remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REM
// RUN: python3 %S/Inputs/echo_tool.py echo-opt stash-table %s | FileCheck %s --check-prefix=TABLE
// RUN: echo-opt %s '--echo-training-pipeline=remat=none' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-NONE
// RUN: echo-opt %s '--echo-training-pipeline=remat=echo' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-ECHO

// CHECK-LABEL: func.func @train_step
// CHECK:         %[[K:.*]] = echo.linear %arg0
// CHECK-NEXT:    %[[KS:.*]] = echo.stash %[[K]]
// CHECK-NEXT:    %[[Q:.*]] = echo.linear %arg1
// CHECK-NEXT:    %[[QS:.*]] = echo.stash %[[Q]]
// CHECK-NOT:     echo.stash
// CHECK:         echo.reshape
// CHECK-NEXT:    echo.stash
// CHECK-NOT:     echo.stash
// CHECK:         echo.loss_seed
// CHECK:         echo.recompute(%[[QS]], %[[KS]])
// CHECK-COUNT-8:   echo.tanh
// CHECK:           echo.concat
// CHECK-NEXT:      echo.yield
// CHECK-COUNT-8: echo.recompute(%[[QS]], %[[KS]])
// CHECK-NOT:     echo.recompute

// REM: fig8-fig13-shared-broadcast.mlir:[[#@LINE+14]]:9: remark: echo-remat: recompute 49 ops in 9 region(s) (1024 FLOPs); stashed bytes 2048 -> 256

// TABLE: none stashed=2304 peak=5700 recompute_flops=0
// TABLE: echo stashed=512 peak=4420 recompute_flops=1024
// TABLE: mirror stashed=512 peak=5700 recompute_flops=512

// BYTES-NONE: "by_op_kind":{"echo.concat":1024,"echo.linear":256,"echo.tanh":1024}{{.*}}"function":"train_step"
// BYTES-ECHO: "by_op_kind":{"echo.linear":512}{{.*}}"recompute":1024{{.*}}"function":"train_step"

func.func @fig8(%xk: tensor<8x4xf32>, %xq: tensor<8x4xf32>, %labels: tensor<8xi32>,
                %wk: tensor<4x4xf32> {echo.trainable}, %wq: tensor<4x4xf32> {echo.trainable},
                %v: tensor<1x4xf32> {echo.trainable}) -> tensor<f32> {
  %k = echo.linear %xk, %wk : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  %q = echo.linear %xq, %wq : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  %q0 = echo.slice %q offsets [0, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e0 = echo.add %k, %q0 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z0 = echo.tanh %e0 : tensor<8x4xf32>
  %q1 = echo.slice %q offsets [1, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e1 = echo.add %k, %q1 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z1 = echo.tanh %e1 : tensor<8x4xf32>
  %q2 = echo.slice %q offsets [2, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e2 = echo.add %k, %q2 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z2 = echo.tanh %e2 : tensor<8x4xf32>
  %q3 = echo.slice %q offsets [3, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e3 = echo.add %k, %q3 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z3 = echo.tanh %e3 : tensor<8x4xf32>
  %q4 = echo.slice %q offsets [4, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e4 = echo.add %k, %q4 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z4 = echo.tanh %e4 : tensor<8x4xf32>
  %q5 = echo.slice %q offsets [5, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e5 = echo.add %k, %q5 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z5 = echo.tanh %e5 : tensor<8x4xf32>
  %q6 = echo.slice %q offsets [6, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e6 = echo.add %k, %q6 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z6 = echo.tanh %e6 : tensor<8x4xf32>
  %q7 = echo.slice %q offsets [7, 0] : tensor<8x4xf32> -> tensor<1x4xf32>
  %e7 = echo.add %k, %q7 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z7 = echo.tanh %e7 : tensor<8x4xf32>
  %zc = echo.concat %z0, %z1, %z2, %z3, %z4, %z5, %z6, %z7 axis 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<64x4xf32>
  %s = echo.linear %zc, %v : (tensor<64x4xf32>, tensor<1x4xf32>) -> tensor<64x1xf32>
  %s2 = echo.reshape %s : tensor<64x1xf32> -> tensor<8x8xf32>
  %l = echo.cross_entropy %s2, %labels : (tensor<8x8xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
