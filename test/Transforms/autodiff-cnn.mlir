// conv2d + bias + relu + max_pool2d + flatten (reshape) + linear.
// The conv output is not stashed (relu_grad reads relu's output); the pool
// reads its input and output; linear_grad_weight reads the flattened input.
// The input gradient of the first conv (data) is not built.
// RUN: echo-opt %s --echo-autodiff | FileCheck %s

// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[X:arg[0-9]+]]: tensor<2x3x8x8xf32>, %[[LABELS:arg[0-9]+]]: tensor<2xi32>, %[[CW:arg[0-9]+]]: tensor<4x3x3x3xf32> {echo.trainable}, %[[CB:arg[0-9]+]]: tensor<4xf32> {echo.trainable}, %[[FW:arg[0-9]+]]: tensor<10x64xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<10x64xf32>)
// CHECK-NEXT: %[[C:.*]] = echo.conv2d %[[X]], %[[CW]], %[[CB]] {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[R:.*]] = echo.relu %[[C]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[R_S:.*]] = echo.stash %[[R]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[P:.*]] = echo.max_pool2d %[[R]] {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
// CHECK-NEXT: %[[P_S:.*]] = echo.stash %[[P]] : tensor<2x4x4x4xf32>
// CHECK-NEXT: %[[F:.*]] = echo.reshape %[[P]] : tensor<2x4x4x4xf32> -> tensor<2x64xf32>
// CHECK-NEXT: %[[F_S:.*]] = echo.stash %[[F]] : tensor<2x64xf32>
// CHECK-NEXT: %[[O:.*]] = echo.linear %[[F]], %[[FW]] : (tensor<2x64xf32>, tensor<10x64xf32>) -> tensor<2x10xf32>
// CHECK-NEXT: %[[O_S:.*]] = echo.stash %[[O]] : tensor<2x10xf32>
// CHECK-NEXT: %[[LOSS:.*]] = echo.cross_entropy %[[O]], %[[LABELS]] : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
// CHECK-NEXT: %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// CHECK-NEXT: %[[DO:.*]] = echo.cross_entropy_grad %[[O_S]], %[[LABELS]], %[[SEED]] : (tensor<2x10xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x10xf32>
// CHECK-NEXT: %[[DFW:.*]] = echo.linear_grad_weight %[[DO]], %[[F_S]] : (tensor<2x10xf32>, tensor<2x64xf32>) -> tensor<10x64xf32>
// CHECK-NEXT: %[[DF:.*]] = echo.linear_grad_input %[[DO]], %[[FW]] : (tensor<2x10xf32>, tensor<10x64xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: %[[DP:.*]] = echo.reshape %[[DF]] : tensor<2x64xf32> -> tensor<2x4x4x4xf32>
// CHECK-NEXT: %[[DR:.*]] = echo.max_pool2d_grad %[[R_S]], %[[P_S]], %[[DP]] {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<2x4x8x8xf32>, tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DC:.*]] = echo.relu_grad %[[R_S]], %[[DR]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[DCW:.*]] = echo.conv2d_grad_weight %[[X]], %[[DC]] {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x3x3x3xf32>
// CHECK-NEXT: %[[DCB:.*]] = echo.reduce sum %[[DC]] dims [0, 2, 3] : tensor<2x4x8x8xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[LOSS]], %[[DCW]], %[[DCB]], %[[DFW]] : tensor<f32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<10x64xf32>
// CHECK-NOT:   conv2d_grad_input
func.func @cnn(%x: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
               %cw: tensor<4x3x3x3xf32> {echo.trainable}, %cb: tensor<4xf32> {echo.trainable},
               %fw: tensor<10x64xf32> {echo.trainable}) -> tensor<f32> {
  %c = echo.conv2d %x, %cw, %cb {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x8x8xf32>
  %r = echo.relu %c : tensor<2x4x8x8xf32>
  %p = echo.max_pool2d %r {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %f = echo.reshape %p : tensor<2x4x4x4xf32> -> tensor<2x64xf32>
  %o = echo.linear %f, %fw : (tensor<2x64xf32>, tensor<10x64xf32>) -> tensor<2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
