// Figure 14: the gradient of a compute-heavy op (linear, conv2d) needs only
// its inputs. When such an input is produced by a light op from something
// cheaper to keep (here a step argument, which costs nothing), Echo stashes
// nothing: the light op is recomputed right before linear_grad_weight /
// conv2d_grad_weight ("dead" recompute node, Fig. 14d), while the heavy op
// itself is never re-executed (it never appears inside echo.recompute).
// With heavy-ops=echo.tanh, tanh becomes a partition boundary: no region.
//
// RUN: echo-opt %s --echo-autodiff --echo-remat | FileCheck %s
// RUN: echo-opt %s --echo-autodiff '--echo-remat=remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REM
// RUN: echo-opt %s --echo-autodiff '--echo-remat=heavy-ops=echo.tanh' | FileCheck %s --check-prefix=HEAVY
// RUN: echo-opt %s '--echo-training-pipeline=remat=none' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-NONE
// RUN: echo-opt %s '--echo-training-pipeline=remat=echo' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-ECHO

// CHECK-LABEL: func.func @train_step
// CHECK:         %[[T:.*]] = echo.tanh %arg0
// CHECK-NOT:     echo.stash %[[T]]
// CHECK:         %[[R:.*]] = echo.recompute(%arg0)
// CHECK-NOT:       echo.linear
// CHECK:           echo.tanh
// CHECK-NOT:       echo.linear
// CHECK:           echo.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    echo.linear_grad_weight %{{.*}}, %[[R]]

// REM: fig14-dead-recompute.mlir:[[#@LINE+10]]:8: remark: echo-remat: recompute 1 ops in 1 region(s) (64 FLOPs); stashed bytes 256 -> 0

// HEAVY-NOT: echo.recompute

// Stashed: tanh output (4x16 f32 = 256 bytes) before, only heavy outputs after.
// BYTES-NONE: "by_op_kind":{"echo.linear":304,"echo.tanh":256}{{.*}}"function":"train_step"
// BYTES-ECHO: "by_op_kind":{"echo.linear":304}{{.*}}"function":"train_step"

func.func @fc(%x: tensor<4x16xf32>, %labels: tensor<4xi32>,
              %w1: tensor<16x16xf32> {echo.trainable}, %w2: tensor<3x16xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %x : tensor<4x16xf32>
  %h = echo.linear %t, %w1 : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %o = echo.linear %h, %w2 : (tensor<4x16xf32>, tensor<3x16xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
