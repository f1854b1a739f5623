// LSTM cell (linear on concat([x, h]) -> split into i, f, g, o -> sigmoid /
// tanh -> mul/add cell update) unrolled over 3 time steps sharing %w and %b.
// The weight and bias gradients of the three steps are accumulated with
// echo.add (latest step first), and so are the two gradient contributions of
// each intermediate cell state c1, c2 (from the next step's f*c and from
// tanh(c)). Stashes: concat([x, h]) for linear_grad_weight, every gate
// activation, c_t where the next step's f*c reads it, tanh(c_t), h3 and the
// logits; never the linear output or the split pieces, and not c3.
// RUN: echo-opt %s --echo-autodiff | FileCheck %s

// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[X0:arg[0-9]+]]: tensor<2x3xf32>, %[[X1:arg[0-9]+]]: tensor<2x3xf32>, %[[X2:arg[0-9]+]]: tensor<2x3xf32>, %[[H0:arg[0-9]+]]: tensor<2x4xf32>, %[[C0:arg[0-9]+]]: tensor<2x4xf32>, %[[LABELS:arg[0-9]+]]: tensor<2xi32>, %[[W:arg[0-9]+]]: tensor<16x7xf32> {echo.trainable}, %[[B:arg[0-9]+]]: tensor<16xf32> {echo.trainable}, %[[WO:arg[0-9]+]]: tensor<5x4xf32> {echo.trainable}) -> (tensor<f32>, tensor<16x7xf32>, tensor<16xf32>, tensor<5x4xf32>)
// CHECK-NEXT: %[[XH0:.*]] = echo.concat %[[X0]], %[[H0]] axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
// CHECK-NEXT: %[[XH0_S:.*]] = echo.stash %[[XH0]] : tensor<2x7xf32>
// CHECK-NEXT: %[[V2:.*]] = echo.linear %[[XH0]], %[[W]], %[[B]] : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %[[V3:.*]]:4 = echo.split %[[V2]] axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
// CHECK-NEXT: %[[V4:.*]] = echo.sigmoid %[[V3]]#0 : tensor<2x4xf32>
// CHECK-NEXT: %[[V5:.*]] = echo.stash %[[V4]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V6:.*]] = echo.sigmoid %[[V3]]#1 : tensor<2x4xf32>
// CHECK-NEXT: %[[V7:.*]] = echo.stash %[[V6]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V8:.*]] = echo.tanh %[[V3]]#2 : tensor<2x4xf32>
// CHECK-NEXT: %[[V9:.*]] = echo.stash %[[V8]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V10:.*]] = echo.sigmoid %[[V3]]#3 : tensor<2x4xf32>
// CHECK-NEXT: %[[V11:.*]] = echo.stash %[[V10]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V12:.*]] = echo.mul %[[V6]], %[[C0]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V13:.*]] = echo.mul %[[V4]], %[[V8]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[C1:.*]] = echo.add %[[V12]], %[[V13]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[C1_S:.*]] = echo.stash %[[C1]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V16:.*]] = echo.tanh %[[C1]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V17:.*]] = echo.stash %[[V16]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V18:.*]] = echo.mul %[[V10]], %[[V16]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[XH1:.*]] = echo.concat %[[X1]], %[[V18]] axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
// CHECK-NEXT: %[[XH1_S:.*]] = echo.stash %[[XH1]] : tensor<2x7xf32>
// CHECK-NEXT: %[[V21:.*]] = echo.linear %[[XH1]], %[[W]], %[[B]] : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %[[V22:.*]]:4 = echo.split %[[V21]] axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
// CHECK-NEXT: %[[V23:.*]] = echo.sigmoid %[[V22]]#0 : tensor<2x4xf32>
// CHECK-NEXT: %[[V24:.*]] = echo.stash %[[V23]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V25:.*]] = echo.sigmoid %[[V22]]#1 : tensor<2x4xf32>
// CHECK-NEXT: %[[V26:.*]] = echo.stash %[[V25]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V27:.*]] = echo.tanh %[[V22]]#2 : tensor<2x4xf32>
// CHECK-NEXT: %[[V28:.*]] = echo.stash %[[V27]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V29:.*]] = echo.sigmoid %[[V22]]#3 : tensor<2x4xf32>
// CHECK-NEXT: %[[V30:.*]] = echo.stash %[[V29]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V31:.*]] = echo.mul %[[V25]], %[[C1]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V32:.*]] = echo.mul %[[V23]], %[[V27]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[C2:.*]] = echo.add %[[V31]], %[[V32]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[C2_S:.*]] = echo.stash %[[C2]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V35:.*]] = echo.tanh %[[C2]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V36:.*]] = echo.stash %[[V35]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V37:.*]] = echo.mul %[[V29]], %[[V35]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[XH2:.*]] = echo.concat %[[X2]], %[[V37]] axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
// CHECK-NEXT: %[[XH2_S:.*]] = echo.stash %[[XH2]] : tensor<2x7xf32>
// CHECK-NEXT: %[[V40:.*]] = echo.linear %[[XH2]], %[[W]], %[[B]] : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %[[V41:.*]]:4 = echo.split %[[V40]] axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
// CHECK-NEXT: %[[V42:.*]] = echo.sigmoid %[[V41]]#0 : tensor<2x4xf32>
// CHECK-NEXT: %[[V43:.*]] = echo.stash %[[V42]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V44:.*]] = echo.sigmoid %[[V41]]#1 : tensor<2x4xf32>
// CHECK-NEXT: %[[V45:.*]] = echo.stash %[[V44]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V46:.*]] = echo.tanh %[[V41]]#2 : tensor<2x4xf32>
// CHECK-NEXT: %[[V47:.*]] = echo.stash %[[V46]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V48:.*]] = echo.sigmoid %[[V41]]#3 : tensor<2x4xf32>
// CHECK-NEXT: %[[V49:.*]] = echo.stash %[[V48]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V50:.*]] = echo.mul %[[V44]], %[[C2]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V51:.*]] = echo.mul %[[V42]], %[[V46]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[C3:.*]] = echo.add %[[V50]], %[[V51]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V53:.*]] = echo.tanh %[[C3]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V54:.*]] = echo.stash %[[V53]] : tensor<2x4xf32>
// CHECK-NEXT: %[[H3:.*]] = echo.mul %[[V48]], %[[V53]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[H3_S:.*]] = echo.stash %[[H3]] : tensor<2x4xf32>
// CHECK-NEXT: %[[LOGITS:.*]] = echo.linear %[[H3]], %[[WO]] : (tensor<2x4xf32>, tensor<5x4xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[LOGITS_S:.*]] = echo.stash %[[LOGITS]] : tensor<2x5xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[LOGITS]], %[[LABELS]] : (tensor<2x5xf32>, tensor<2xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[V61:.*]] = echo.cross_entropy_grad %[[LOGITS_S]], %[[LABELS]], %[[SEED]] : (tensor<2x5xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[DWO:.*]] = echo.linear_grad_weight %[[V61]], %[[H3_S]] : (tensor<2x5xf32>, tensor<2x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: %[[V62:.*]] = echo.linear_grad_input %[[V61]], %[[WO]] : (tensor<2x5xf32>, tensor<5x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V64:.*]] = echo.mul %[[V62]], %[[V54]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V65:.*]] = echo.mul %[[V62]], %[[V49]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V66:.*]] = echo.tanh_grad %[[V54]], %[[V65]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V67:.*]] = echo.mul %[[V66]], %[[V47]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V68:.*]] = echo.mul %[[V66]], %[[V43]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V69:.*]] = echo.mul %[[V66]], %[[C2_S]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[DC2_FC:.*]] = echo.mul %[[V66]], %[[V45]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V71:.*]] = echo.sigmoid_grad %[[V49]], %[[V64]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V72:.*]] = echo.tanh_grad %[[V47]], %[[V68]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V73:.*]] = echo.sigmoid_grad %[[V45]], %[[V69]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V74:.*]] = echo.sigmoid_grad %[[V43]], %[[V67]] : tensor<2x4xf32>
// CHECK-NEXT: %[[DZ2:.*]] = echo.concat %[[V74]], %[[V73]], %[[V72]], %[[V71]] axis 1 : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %[[DW_T2:.*]] = echo.linear_grad_weight %[[DZ2]], %[[XH2_S]] : (tensor<2x16xf32>, tensor<2x7xf32>) -> tensor<16x7xf32>
// CHECK-NEXT: %[[DB_T2:.*]] = echo.sum_to %[[DZ2]] : tensor<2x16xf32> -> tensor<16xf32>
// CHECK-NEXT: %[[V76:.*]] = echo.linear_grad_input %[[DZ2]], %[[W]] : (tensor<2x16xf32>, tensor<16x7xf32>) -> tensor<2x7xf32>
// CHECK-NEXT: %[[V79:.*]] = echo.slice %[[V76]] offsets [0, 3] : tensor<2x7xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[V80:.*]] = echo.mul %[[V79]], %[[V36]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V81:.*]] = echo.mul %[[V79]], %[[V30]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[DC2_TANH:.*]] = echo.tanh_grad %[[V36]], %[[V81]] : tensor<2x4xf32>
// CHECK-NEXT: %[[DC2:.*]] = echo.add %[[DC2_FC]], %[[DC2_TANH]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V84:.*]] = echo.mul %[[DC2]], %[[V28]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V85:.*]] = echo.mul %[[DC2]], %[[V24]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V86:.*]] = echo.mul %[[DC2]], %[[C1_S]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[DC1_FC:.*]] = echo.mul %[[DC2]], %[[V26]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V88:.*]] = echo.sigmoid_grad %[[V30]], %[[V80]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V89:.*]] = echo.tanh_grad %[[V28]], %[[V85]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V90:.*]] = echo.sigmoid_grad %[[V26]], %[[V86]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V91:.*]] = echo.sigmoid_grad %[[V24]], %[[V84]] : tensor<2x4xf32>
// CHECK-NEXT: %[[DZ1:.*]] = echo.concat %[[V91]], %[[V90]], %[[V89]], %[[V88]] axis 1 : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %[[DW_T1:.*]] = echo.linear_grad_weight %[[DZ1]], %[[XH1_S]] : (tensor<2x16xf32>, tensor<2x7xf32>) -> tensor<16x7xf32>
// CHECK-NEXT: %[[DB_T1:.*]] = echo.sum_to %[[DZ1]] : tensor<2x16xf32> -> tensor<16xf32>
// CHECK-NEXT: %[[V93:.*]] = echo.linear_grad_input %[[DZ1]], %[[W]] : (tensor<2x16xf32>, tensor<16x7xf32>) -> tensor<2x7xf32>
// CHECK-NEXT: %[[DW_12:.*]] = echo.add %[[DW_T2]], %[[DW_T1]] : (tensor<16x7xf32>, tensor<16x7xf32>) -> tensor<16x7xf32>
// CHECK-NEXT: %[[DB_12:.*]] = echo.add %[[DB_T2]], %[[DB_T1]] : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: %[[V98:.*]] = echo.slice %[[V93]] offsets [0, 3] : tensor<2x7xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[V99:.*]] = echo.mul %[[V98]], %[[V17]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V100:.*]] = echo.mul %[[V98]], %[[V11]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[DC1_TANH:.*]] = echo.tanh_grad %[[V17]], %[[V100]] : tensor<2x4xf32>
// CHECK-NEXT: %[[DC1:.*]] = echo.add %[[DC1_FC]], %[[DC1_TANH]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V103:.*]] = echo.mul %[[DC1]], %[[V9]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V104:.*]] = echo.mul %[[DC1]], %[[V5]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V105:.*]] = echo.mul %[[DC1]], %[[C0]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V106:.*]] = echo.sigmoid_grad %[[V11]], %[[V99]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V107:.*]] = echo.tanh_grad %[[V9]], %[[V104]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V108:.*]] = echo.sigmoid_grad %[[V7]], %[[V105]] : tensor<2x4xf32>
// CHECK-NEXT: %[[V109:.*]] = echo.sigmoid_grad %[[V5]], %[[V103]] : tensor<2x4xf32>
// CHECK-NEXT: %[[DZ0:.*]] = echo.concat %[[V109]], %[[V108]], %[[V107]], %[[V106]] axis 1 : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %[[DW_T0:.*]] = echo.linear_grad_weight %[[DZ0]], %[[XH0_S]] : (tensor<2x16xf32>, tensor<2x7xf32>) -> tensor<16x7xf32>
// CHECK-NEXT: %[[DB_T0:.*]] = echo.sum_to %[[DZ0]] : tensor<2x16xf32> -> tensor<16xf32>
// CHECK-NEXT: %[[DW:.*]] = echo.add %[[DW_12]], %[[DW_T0]] : (tensor<16x7xf32>, tensor<16x7xf32>) -> tensor<16x7xf32>
// CHECK-NEXT: %[[DB:.*]] = echo.add %[[DB_12]], %[[DB_T0]] : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DW]], %[[DB]], %[[DWO]] : tensor<f32>, tensor<16x7xf32>, tensor<16xf32>, tensor<5x4xf32>
func.func @lstm(%x0: tensor<2x3xf32>,
                %x1: tensor<2x3xf32>,
                %x2: tensor<2x3xf32>,
                %h0: tensor<2x4xf32>,
                %c0: tensor<2x4xf32>,
                %labels: tensor<2xi32>,
                %w: tensor<16x7xf32> {echo.trainable},
                %b: tensor<16xf32> {echo.trainable},
                %wo: tensor<5x4xf32> {echo.trainable}) -> tensor<f32> {
  %xh0 = echo.concat %x0, %h0 axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %z0 = echo.linear %xh0, %w, %b : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  %zi0, %zf0, %zg0, %zo0 = echo.split %z0 axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %i0 = echo.sigmoid %zi0 : tensor<2x4xf32>
  %f0 = echo.sigmoid %zf0 : tensor<2x4xf32>
  %g0 = echo.tanh %zg0 : tensor<2x4xf32>
  %o0 = echo.sigmoid %zo0 : tensor<2x4xf32>
  %fc0 = echo.mul %f0, %c0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %ig0 = echo.mul %i0, %g0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c1 = echo.add %fc0, %ig0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %tc0 = echo.tanh %c1 : tensor<2x4xf32>
  %h1 = echo.mul %o0, %tc0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %xh1 = echo.concat %x1, %h1 axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %z1 = echo.linear %xh1, %w, %b : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  %zi1, %zf1, %zg1, %zo1 = echo.split %z1 axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %i1 = echo.sigmoid %zi1 : tensor<2x4xf32>
  %f1 = echo.sigmoid %zf1 : tensor<2x4xf32>
  %g1 = echo.tanh %zg1 : tensor<2x4xf32>
  %o1 = echo.sigmoid %zo1 : tensor<2x4xf32>
  %fc1 = echo.mul %f1, %c1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %ig1 = echo.mul %i1, %g1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c2 = echo.add %fc1, %ig1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %tc1 = echo.tanh %c2 : tensor<2x4xf32>
  %h2 = echo.mul %o1, %tc1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %xh2 = echo.concat %x2, %h2 axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %z2 = echo.linear %xh2, %w, %b : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  %zi2, %zf2, %zg2, %zo2 = echo.split %z2 axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %i2 = echo.sigmoid %zi2 : tensor<2x4xf32>
  %f2 = echo.sigmoid %zf2 : tensor<2x4xf32>
  %g2 = echo.tanh %zg2 : tensor<2x4xf32>
  %o2 = echo.sigmoid %zo2 : tensor<2x4xf32>
  %fc2 = echo.mul %f2, %c2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %ig2 = echo.mul %i2, %g2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c3 = echo.add %fc2, %ig2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %tc2 = echo.tanh %c3 : tensor<2x4xf32>
  %h3 = echo.mul %o2, %tc2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %logits = echo.linear %h3, %wo : (tensor<2x4xf32>, tensor<5x4xf32>) -> tensor<2x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<2x5xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
