// Additive attention scoring with broadcasting: keys [B,T,H] + query
// [B,1,H] + bias [H], tanh, linear to scores, softmax over T, context by
// batch_matmul with the (data) encoder states. Broadcast operands get their
// gradient through echo.sum_to; same-shape operands do not. The batch_matmul
// gradient w.r.t. the encoder states is not built, so the attention weights
// are read only by softmax_grad (one stash) and their reshape is not stashed.
// RUN: echo-opt %s --echo-autodiff | FileCheck %s

// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[ENC:arg[0-9]+]]: tensor<2x5x4xf32>, %[[S:arg[0-9]+]]: tensor<2x4xf32>, %[[LABELS:arg[0-9]+]]: tensor<2xi32>, %[[WE:arg[0-9]+]]: tensor<4x4xf32> {echo.trainable}, %[[WQ:arg[0-9]+]]: tensor<4x4xf32> {echo.trainable}, %[[BA:arg[0-9]+]]: tensor<4xf32> {echo.trainable}, %[[V:arg[0-9]+]]: tensor<1x4xf32> {echo.trainable}, %[[WO:arg[0-9]+]]: tensor<3x4xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<3x4xf32>)
// CHECK-NEXT: %[[KE:.*]] = echo.linear %[[ENC]], %[[WE]] : (tensor<2x5x4xf32>, tensor<4x4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: %[[Q:.*]] = echo.linear %[[S]], %[[WQ]] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[Q3:.*]] = echo.reshape %[[Q]] : tensor<2x4xf32> -> tensor<2x1x4xf32>
// CHECK-NEXT: %[[E:.*]] = echo.add %[[KE]], %[[Q3]] : (tensor<2x5x4xf32>, tensor<2x1x4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: %[[EB:.*]] = echo.add %[[E]], %[[BA]] : (tensor<2x5x4xf32>, tensor<4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: %[[T:.*]] = echo.tanh %[[EB]] : tensor<2x5x4xf32>
// CHECK-NEXT: %[[T_S:.*]] = echo.stash %[[T]] : tensor<2x5x4xf32>
// CHECK-NEXT: %[[SC:.*]] = echo.linear %[[T]], %[[V]] : (tensor<2x5x4xf32>, tensor<1x4xf32>) -> tensor<2x5x1xf32>
// CHECK-NEXT: %[[SC2:.*]] = echo.reshape %[[SC]] : tensor<2x5x1xf32> -> tensor<2x5xf32>
// CHECK-NEXT: %[[A:.*]] = echo.softmax %[[SC2]] {axis = 1 : i64} : tensor<2x5xf32>
// CHECK-NEXT: %[[A_S:.*]] = echo.stash %[[A]] : tensor<2x5xf32>
// CHECK-NEXT: %[[A3:.*]] = echo.reshape %[[A]] : tensor<2x5xf32> -> tensor<2x1x5xf32>
// CHECK-NEXT: %[[CTX:.*]] = echo.batch_matmul %[[A3]], %[[ENC]] : (tensor<2x1x5xf32>, tensor<2x5x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT: %[[CTX2:.*]] = echo.reshape %[[CTX]] : tensor<2x1x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[CTX2_S:.*]] = echo.stash %[[CTX2]] : tensor<2x4xf32>
// CHECK-NEXT: %[[O:.*]] = echo.linear %[[CTX2]], %[[WO]] : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[O_S:.*]] = echo.stash %[[O]] : tensor<2x3xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[O]], %[[LABELS]] : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DO:.*]] = echo.cross_entropy_grad %[[O_S]], %[[LABELS]], %[[SEED]] : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[DWO:.*]] = echo.linear_grad_weight %[[DO]], %[[CTX2_S]] : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[DCTX2:.*]] = echo.linear_grad_input %[[DO]], %[[WO]] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[DCTX:.*]] = echo.reshape %[[DCTX2]] : tensor<2x4xf32> -> tensor<2x1x4xf32>
// CHECK-NEXT: %[[DA3:.*]] = echo.batch_matmul %[[DCTX]], %[[ENC]] transpose_rhs : (tensor<2x1x4xf32>, tensor<2x5x4xf32>) -> tensor<2x1x5xf32>
// CHECK-NEXT: %[[DA:.*]] = echo.reshape %[[DA3]] : tensor<2x1x5xf32> -> tensor<2x5xf32>
// CHECK-NEXT: %[[DSC2:.*]] = echo.softmax_grad %[[A_S]], %[[DA]] {axis = 1 : i64} : tensor<2x5xf32>
// CHECK-NEXT: %[[DSC:.*]] = echo.reshape %[[DSC2]] : tensor<2x5xf32> -> tensor<2x5x1xf32>
// CHECK-NEXT: %[[DV:.*]] = echo.linear_grad_weight %[[DSC]], %[[T_S]] : (tensor<2x5x1xf32>, tensor<2x5x4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %[[DT:.*]] = echo.linear_grad_input %[[DSC]], %[[V]] : (tensor<2x5x1xf32>, tensor<1x4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: %[[DEB:.*]] = echo.tanh_grad %[[T_S]], %[[DT]] : tensor<2x5x4xf32>
// CHECK-NEXT: %[[DBA:.*]] = echo.sum_to %[[DEB]] : tensor<2x5x4xf32> -> tensor<4xf32>
// CHECK-NEXT: %[[DQ3:.*]] = echo.sum_to %[[DEB]] : tensor<2x5x4xf32> -> tensor<2x1x4xf32>
// CHECK-NEXT: %[[DQ:.*]] = echo.reshape %[[DQ3]] : tensor<2x1x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[DWQ:.*]] = echo.linear_grad_weight %[[DQ]], %[[S]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[DWE:.*]] = echo.linear_grad_weight %[[DEB]], %[[ENC]] : (tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DWE]], %[[DWQ]], %[[DBA]], %[[DV]], %[[DWO]] : tensor<f32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<3x4xf32>
func.func @attention(%enc: tensor<2x5x4xf32>, %s: tensor<2x4xf32>, %labels: tensor<2xi32>,
                     %we: tensor<4x4xf32> {echo.trainable}, %wq: tensor<4x4xf32> {echo.trainable},
                     %ba: tensor<4xf32> {echo.trainable}, %v: tensor<1x4xf32> {echo.trainable},
                     %wo: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %ke = echo.linear %enc, %we : (tensor<2x5x4xf32>, tensor<4x4xf32>) -> tensor<2x5x4xf32>
  %q = echo.linear %s, %wq : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q3 = echo.reshape %q : tensor<2x4xf32> -> tensor<2x1x4xf32>
  %e = echo.add %ke, %q3 : (tensor<2x5x4xf32>, tensor<2x1x4xf32>) -> tensor<2x5x4xf32>
  %eb = echo.add %e, %ba : (tensor<2x5x4xf32>, tensor<4xf32>) -> tensor<2x5x4xf32>
  %t = echo.tanh %eb : tensor<2x5x4xf32>
  %sc = echo.linear %t, %v : (tensor<2x5x4xf32>, tensor<1x4xf32>) -> tensor<2x5x1xf32>
  %sc2 = echo.reshape %sc : tensor<2x5x1xf32> -> tensor<2x5xf32>
  %a = echo.softmax %sc2 {axis = 1 : i64} : tensor<2x5xf32>
  %a3 = echo.reshape %a : tensor<2x5xf32> -> tensor<2x1x5xf32>
  %ctx = echo.batch_matmul %a3, %enc : (tensor<2x1x5xf32>, tensor<2x5x4xf32>) -> tensor<2x1x4xf32>
  %ctx2 = echo.reshape %ctx : tensor<2x1x4xf32> -> tensor<2x4xf32>
  %o = echo.linear %ctx2, %wo : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
