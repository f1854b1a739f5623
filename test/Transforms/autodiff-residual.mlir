// Residual block with fan-out: %x feeds both the conv path and the skip add,
// so its gradient is the echo.add of the skip gradient (dS) and the conv
// path's input gradient. %x gets one stash, shared by relu_grad and
// conv2d_grad_weight; no conv output and not the add result are stashed.
// RUN: echo-opt %s --echo-autodiff | FileCheck %s

// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[IN:arg[0-9]+]]: tensor<2x3x8x8xf32>, %[[LABELS:arg[0-9]+]]: tensor<2xi32>, %[[W0:arg[0-9]+]]: tensor<4x3x3x3xf32> {echo.trainable}, %[[W1:arg[0-9]+]]: tensor<4x4x3x3xf32> {echo.trainable}, %[[W2:arg[0-9]+]]: tensor<4x4x3x3xf32> {echo.trainable}, %[[FW:arg[0-9]+]]: tensor<10x4xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<10x4xf32>)
// CHECK-NEXT: %[[X0:.*]] = echo.conv2d %[[IN]], %[[W0]] {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[X:.*]] = echo.relu %[[X0]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[X_S:.*]] = echo.stash %[[X]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[C1:.*]] = echo.conv2d %[[X]], %[[W1]] {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[R1:.*]] = echo.relu %[[C1]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[R1_S:.*]] = echo.stash %[[R1]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[C2:.*]] = echo.conv2d %[[R1]], %[[W2]] {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[S:.*]] = echo.add %[[C2]], %[[X]] : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[Y:.*]] = echo.relu %[[S]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[Y_S:.*]] = echo.stash %[[Y]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[P:.*]] = echo.reduce mean %[[Y]] dims [2, 3] : tensor<2x4x8x8xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[P_S:.*]] = echo.stash %[[P]] : tensor<2x4xf32>
// CHECK-NEXT: %[[O:.*]] = echo.linear %[[P]], %[[FW]] : (tensor<2x4xf32>, tensor<10x4xf32>) -> tensor<2x10xf32>
// CHECK-NEXT: %[[O_S:.*]] = echo.stash %[[O]] : tensor<2x10xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[O]], %[[LABELS]] : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DO:.*]] = echo.cross_entropy_grad %[[O_S]], %[[LABELS]], %[[SEED]] : (tensor<2x10xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x10xf32>
// CHECK-NEXT: %[[DFW:.*]] = echo.linear_grad_weight %[[DO]], %[[P_S]] : (tensor<2x10xf32>, tensor<2x4xf32>) -> tensor<10x4xf32>
// CHECK-NEXT: %[[DP:.*]] = echo.linear_grad_input %[[DO]], %[[FW]] : (tensor<2x10xf32>, tensor<10x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[DY:.*]] = echo.reduce_grad mean %[[DP]] dims [2, 3] : tensor<2x4xf32> -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DS:.*]] = echo.relu_grad %[[Y_S]], %[[DY]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DW2:.*]] = echo.conv2d_grad_weight %[[R1_S]], %[[DS]] {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
// CHECK-NEXT: %[[DR1:.*]] = echo.conv2d_grad_input %[[DS]], %[[W2]] {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DC1:.*]] = echo.relu_grad %[[R1_S]], %[[DR1]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DW1:.*]] = echo.conv2d_grad_weight %[[X_S]], %[[DC1]] {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
// CHECK-NEXT: %[[DX_CONV:.*]] = echo.conv2d_grad_input %[[DC1]], %[[W1]] {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DX:.*]] = echo.add %[[DS]], %[[DX_CONV]] : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DX0:.*]] = echo.relu_grad %[[X_S]], %[[DX]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DW0:.*]] = echo.conv2d_grad_weight %[[IN]], %[[DX0]] {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x3x3x3xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DW0]], %[[DW1]], %[[DW2]], %[[DFW]] : tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<10x4xf32>
func.func @residual(%in: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
                    %w0: tensor<4x3x3x3xf32> {echo.trainable},
                    %w1: tensor<4x4x3x3xf32> {echo.trainable},
                    %w2: tensor<4x4x3x3xf32> {echo.trainable},
                    %fw: tensor<10x4xf32> {echo.trainable}) -> tensor<f32> {
  %x0 = echo.conv2d %in, %w0 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %x = echo.relu %x0 : tensor<2x4x8x8xf32>
  %c1 = echo.conv2d %x, %w1 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %r1 = echo.relu %c1 : tensor<2x4x8x8xf32>
  %c2 = echo.conv2d %r1, %w2 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %s = echo.add %c2, %x : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %y = echo.relu %s : tensor<2x4x8x8xf32>
  %p = echo.reduce mean %y dims [2, 3] : tensor<2x4x8x8xf32> -> tensor<2x4xf32>
  %o = echo.linear %p, %fw : (tensor<2x4xf32>, tensor<10x4xf32>) -> tensor<2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
