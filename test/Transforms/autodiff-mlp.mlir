// Reverse-mode autodiff of small dense graphs: the Baseline training step
// (forward, one echo.stash right after the definition of every forward value
// a backward op reads, backward in reverse order). The CHECK-NEXT chains pin
// the exact op sequence, so they also check that nothing else is stashed
// (e.g. no stash of a linear output whose only reader is a relu/linear).
// RUN: echo-opt %s --echo-autodiff -split-input-file | FileCheck %s

// The forward function is left as it was, without stashes.
// CHECK-LABEL: func.func @linear(
// CHECK-NEXT:    echo.linear
// CHECK-NEXT:    echo.cross_entropy
// CHECK-NEXT:    return
// The logits are read by cross_entropy_grad, hence stashed; the input %x is
// an argument, live for the whole step, and is read directly.
// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>) -> (tensor<f32>, tensor<16x8xf32>)
// CHECK-NEXT: %[[Y:.*]] = echo.linear %[[X]], %[[W]] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %[[Y_S:.*]] = echo.stash %[[Y]] : tensor<4x16xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[Y]], %[[LABELS]] : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DY:.*]] = echo.cross_entropy_grad %[[Y_S]], %[[LABELS]], %[[SEED]] : (tensor<4x16xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x16xf32>
// CHECK-NEXT: %[[DW:.*]] = echo.linear_grad_weight %[[DY]], %[[X]] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DW]] : tensor<f32>, tensor<16x8xf32>
func.func @linear(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable}, %labels: tensor<4xi32>) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Two-layer MLP with relu and biases: the first linear output is not stashed
// (relu_grad reads relu's output), the bias gradients are sum_to of dy, and
// the input gradient of the first layer (data) is not built.
// CHECK-LABEL: func.func @mlp(
// CHECK-NOT:   echo.stash
// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[LABELS:arg[0-9]+]]: tensor<4xi32>, %[[W1:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[B1:arg[0-9]+]]: tensor<16xf32> {echo.trainable}, %[[W2:arg[0-9]+]]: tensor<10x16xf32> {echo.trainable}, %[[B2:arg[0-9]+]]: tensor<10xf32> {echo.trainable}) -> (tensor<f32>, tensor<16x8xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>)
// CHECK-NEXT: %[[H:.*]] = echo.linear %[[X]], %[[W1]], %[[B1]] : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %[[A:.*]] = echo.relu %[[H]] : tensor<4x16xf32>
// CHECK-NEXT: %[[A_S:.*]] = echo.stash %[[A]] : tensor<4x16xf32>
// CHECK-NEXT: %[[O:.*]] = echo.linear %[[A]], %[[W2]], %[[B2]] : (tensor<4x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<4x10xf32>
// CHECK-NEXT: %[[O_S:.*]] = echo.stash %[[O]] : tensor<4x10xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[O]], %[[LABELS]] : (tensor<4x10xf32>, tensor<4xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DO:.*]] = echo.cross_entropy_grad %[[O_S]], %[[LABELS]], %[[SEED]] : (tensor<4x10xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x10xf32>
// CHECK-NEXT: %[[DW2:.*]] = echo.linear_grad_weight %[[DO]], %[[A_S]] : (tensor<4x10xf32>, tensor<4x16xf32>) -> tensor<10x16xf32>
// CHECK-NEXT: %[[DB2:.*]] = echo.sum_to %[[DO]] : tensor<4x10xf32> -> tensor<10xf32>
// CHECK-NEXT: %[[DA:.*]] = echo.linear_grad_input %[[DO]], %[[W2]] : (tensor<4x10xf32>, tensor<10x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %[[DH:.*]] = echo.relu_grad %[[A_S]], %[[DA]] : tensor<4x16xf32>
// CHECK-NEXT: %[[DW1:.*]] = echo.linear_grad_weight %[[DH]], %[[X]] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: %[[DB1:.*]] = echo.sum_to %[[DH]] : tensor<4x16xf32> -> tensor<16xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DW1]], %[[DB1]], %[[DW2]], %[[DB2]] : tensor<f32>, tensor<16x8xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>
// CHECK-NOT:   linear_grad_input
func.func @mlp(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
               %w1: tensor<16x8xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
               %w2: tensor<10x16xf32> {echo.trainable}, %b2: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %a = echo.relu %h : tensor<4x16xf32>
  %o = echo.linear %a, %w2, %b2 : (tensor<4x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<4x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x10xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A weight used by two layers gets one accumulated gradient (echo.add); a
// trainable argument that does not reach the loss gets zeros.
// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<8x8xf32> {echo.trainable}, %[[UNUSED:arg[0-9]+]]: tensor<3xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>) -> (tensor<f32>, tensor<8x8xf32>, tensor<3xf32>)
// CHECK-NEXT: %[[H:.*]] = echo.linear %[[X]], %[[W]] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[H_S:.*]] = echo.stash %[[H]] : tensor<4x8xf32>
// CHECK-NEXT: %[[O:.*]] = echo.linear %[[H]], %[[W]] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[O_S:.*]] = echo.stash %[[O]] : tensor<4x8xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[O]], %[[LABELS]] : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DO:.*]] = echo.cross_entropy_grad %[[O_S]], %[[LABELS]], %[[SEED]] : (tensor<4x8xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[DW_OUTER:.*]] = echo.linear_grad_weight %[[DO]], %[[H_S]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[DH:.*]] = echo.linear_grad_input %[[DO]], %[[W]] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[DW_INNER:.*]] = echo.linear_grad_weight %[[DH]], %[[X]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[DW:.*]] = echo.add %[[DW_OUTER]], %[[DW_INNER]] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[DUNUSED:.*]] = echo.zeros : tensor<3xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DW]], %[[DUNUSED]] : tensor<f32>, tensor<8x8xf32>, tensor<3xf32>
func.func @tied(%x: tensor<4x8xf32>, %w: tensor<8x8xf32> {echo.trainable}, %unused: tensor<3xf32> {echo.trainable}, %labels: tensor<4xi32>) -> tensor<f32> {
  %h = echo.linear %x, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %o = echo.linear %h, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// mul %w, %w: both operand gradients accumulate into %w. A non-echo op on
// data (arith.addf) is fine and its result is stashed because mul's gradient
// reads it; a non-differentiable op (math.tanh) on an active value that does
// not reach the loss is no error. %sq is not stashed: its only reader needs
// no gradient of %k.
// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[W:arg[0-9]+]]: tensor<4xf32> {echo.trainable}, %[[C:arg[0-9]+]]: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>)
// CHECK-NEXT: %[[K:.*]] = arith.addf %[[C]], %[[C]] : tensor<4xf32>
// CHECK-NEXT: %[[K_S:.*]] = echo.stash %[[K]] : tensor<4xf32>
// CHECK-NEXT: %[[SQ:.*]] = echo.mul %[[W]], %[[W]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[S:.*]] = echo.mul %[[SQ]], %[[K]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[OFF:.*]] = math.tanh %[[SQ]] : tensor<4xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.reduce sum %[[S]] dims [0] : tensor<4xf32> -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DS:.*]] = echo.reduce_grad sum %[[SEED]] dims [0] : tensor<f32> -> tensor<4xf32>
// CHECK-NEXT: %[[DSQ:.*]] = echo.mul %[[DS]], %[[K_S]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[DW_L:.*]] = echo.mul %[[DSQ]], %[[W]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[DW_R:.*]] = echo.mul %[[DSQ]], %[[W]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[DW:.*]] = echo.add %[[DW_L]], %[[DW_R]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DW]] : tensor<f32>, tensor<4xf32>
func.func @sq(%w: tensor<4xf32> {echo.trainable}, %c: tensor<4xf32>) -> tensor<f32> {
  %k = arith.addf %c, %c : tensor<4xf32>
  %sq = echo.mul %w, %w : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = echo.mul %sq, %k : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %off = math.tanh %sq : tensor<4xf32>
  %l = echo.reduce sum %s dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A split piece that receives no gradient contributes echo.zeros to the concat.
// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[X:arg[0-9]+]]: tensor<2x8xf32>, %[[W:arg[0-9]+]]: tensor<8x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<2xi32>) -> (tensor<f32>, tensor<8x8xf32>)
// CHECK-NEXT: %[[Z:.*]] = echo.linear %[[X]], %[[W]] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[PIECES:.*]]:2 = echo.split %[[Z]] axis 1 : tensor<2x8xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
// CHECK-NEXT: %[[B_S:.*]] = echo.stash %[[PIECES]]#1 : tensor<2x4xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[PIECES]]#1, %[[LABELS]] : (tensor<2x4xf32>, tensor<2xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DB:.*]] = echo.cross_entropy_grad %[[B_S]], %[[LABELS]], %[[SEED]] : (tensor<2x4xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[DA:.*]] = echo.zeros : tensor<2x4xf32>
// CHECK-NEXT: %[[DZ:.*]] = echo.concat %[[DA]], %[[DB]] axis 1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[DW:.*]] = echo.linear_grad_weight %[[DZ]], %[[X]] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DW]] : tensor<f32>, tensor<8x8xf32>
func.func @gates(%x: tensor<2x8xf32>, %w: tensor<8x8xf32> {echo.trainable}, %labels: tensor<2xi32>) -> tensor<f32> {
  %z = echo.linear %x, %w : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %a, %b = echo.split %z axis 1 : tensor<2x8xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  %l = echo.cross_entropy %b, %labels : (tensor<2x4xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
