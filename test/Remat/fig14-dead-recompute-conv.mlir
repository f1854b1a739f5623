// Figure 14: the gradient of a compute-heavy op (linear, conv2d) needs only
// its inputs. When such an input is produced by a light op from something
// cheaper to keep (relu of the image argument, which costs nothing), Echo stashes
// nothing: the light op is recomputed right before linear_grad_weight /
// conv2d_grad_weight ("dead" recompute node, Fig. 14d), while the heavy op
// itself is never re-executed (it never appears inside echo.recompute).
// With heavy-ops=echo.relu, relu becomes a partition boundary: no region.
//
// RUN: echo-opt %s --echo-autodiff --echo-remat | FileCheck %s
// RUN: echo-opt %s --echo-autodiff '--echo-remat=remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REM
// RUN: echo-opt %s --echo-autodiff '--echo-remat=heavy-ops=echo.relu' | FileCheck %s --check-prefix=HEAVY
// RUN: echo-opt %s '--echo-training-pipeline=remat=none' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-NONE
// RUN: echo-opt %s '--echo-training-pipeline=remat=echo' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES-ECHO

// CHECK-LABEL: func.func @train_step
// CHECK:         %[[X:.*]] = echo.relu %arg0
// CHECK-NOT:     echo.stash %[[X]]
// CHECK:         %[[R:.*]] = echo.recompute(%arg0)
// CHECK-NOT:       echo.conv2d
// CHECK:           echo.relu
// CHECK-NOT:       echo.conv2d
// CHECK:           echo.yield
// CHECK-NEXT:    }
// CHECK:         echo.conv2d_grad_weight {{.*}}%[[R]]

// REM: fig14-dead-recompute-conv.mlir:[[#@LINE+10]]:8: remark: echo-remat: recompute 1 ops in 1 region(s) ({{[0-9]+}} FLOPs); stashed bytes 576 -> 0

// HEAVY-NOT: echo.recompute

// Stashed: relu output (2x2x6x6 f32 = 576 bytes) before, not after.
// BYTES-NONE: "by_op_kind":{{{.*}}"echo.relu":576{{.*}}"function":"train_step"
// BYTES-ECHO-NOT: "echo.relu"

func.func @conv(%img: tensor<2x2x6x6xf32>, %labels: tensor<2xi32>,
                %w: tensor<3x2x3x3xf32> {echo.trainable}, %fw: tensor<3x48xf32> {echo.trainable}) -> tensor<f32> {
  %x = echo.relu %img : tensor<2x2x6x6xf32>
  %c = echo.conv2d %x, %w : (tensor<2x2x6x6xf32>, tensor<3x2x3x3xf32>) -> tensor<2x3x4x4xf32>
  %f = echo.reshape %c : tensor<2x3x4x4xf32> -> tensor<2x48xf32>
  %o = echo.linear %f, %fw : (tensor<2x48xf32>, tensor<3x48xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
