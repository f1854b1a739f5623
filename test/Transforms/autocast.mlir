// echo-autocast: heavy ops in 16-bit from one cast per value, layer norm
// and the loss in f32, the rest following its operands (constants take the
// others' type; a mix of 16-bit and f32 promotes to f32); arguments and
// results keep their types.
// RUN: echo-opt %s -split-input-file --echo-autocast | FileCheck %s
// RUN: echo-opt %s -split-input-file --echo-autocast=compute=f16 | FileCheck %s --check-prefix=F16
// compute=none (the training pipeline's default) leaves every op in its type.
// RUN: echo-opt %s -split-input-file --echo-autocast=compute=none | FileCheck %s --check-prefix=NONE --implicit-check-not=echo.cast --implicit-check-not=bf16 --implicit-check-not=f16
// NONE-LABEL: func @block

// CHECK-LABEL: func @block
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[L:.*]]: tensor<4xi32>, %[[W:.*]]: tensor<8x8xf32> {echo.trainable}, %[[G:.*]]: tensor<8xf32> {echo.trainable}, %[[B:.*]]: tensor<8xf32> {echo.trainable})
// One cast of the input and of the weight, shared by both linears:
// CHECK-DAG: %[[XH:.*]] = echo.cast %[[X]] : tensor<4x8xf32> -> tensor<4x8xbf16>
// CHECK-DAG: %[[WH:.*]] = echo.cast %[[W]] : tensor<8x8xf32> -> tensor<8x8xbf16>
// CHECK: %[[H:.*]] = echo.linear %[[XH]], %[[WH]] : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xbf16>
// CHECK: %[[C:.*]] = echo.constant dense<5.000000e-01> : tensor<4x8xf32>
// CHECK: %[[CH:.*]] = echo.cast %[[C]] : tensor<4x8xf32> -> tensor<4x8xbf16>
// CHECK: %[[S:.*]] = echo.mul %[[H]], %[[CH]] : (tensor<4x8xbf16>, tensor<4x8xbf16>) -> tensor<4x8xbf16>
// CHECK: %[[P:.*]] = echo.softmax %[[S]] : tensor<4x8xbf16>
// CHECK: %[[H2:.*]] = echo.linear %[[P]], %[[WH]] : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xbf16>
// The residual add of a 16-bit branch and the f32 input is f32:
// CHECK: %[[H2F:.*]] = echo.cast %[[H2]] : tensor<4x8xbf16> -> tensor<4x8xf32>
// CHECK: %[[R:.*]] = echo.add %[[X]], %[[H2F]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: echo.layer_norm %[[R]], %[[G]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK: echo.cross_entropy %{{.*}}, %[[L]] : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<f32>
// F16-LABEL: func @block
// F16: echo.linear %{{.*}}, %{{.*}} : (tensor<4x8xf16>, tensor<8x8xf16>) -> tensor<4x8xf16>
func.func @block(%x: tensor<4x8xf32>, %labels: tensor<4xi32>, %w: tensor<8x8xf32> {echo.trainable},
                 %g: tensor<8xf32> {echo.trainable}, %b: tensor<8xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %c = echo.constant dense<0.5> : tensor<4x8xf32>
  %s = echo.mul %h, %c : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = echo.softmax %s : tensor<4x8xf32>
  %h2 = echo.linear %p, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %r = echo.add %x, %h2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %n, %mean, %rstd = echo.layer_norm %r, %g, %b : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
  %l = echo.cross_entropy %n, %labels : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A result keeps the function's type: the 16-bit value is cast back.
// CHECK-LABEL: func @result
// CHECK: %[[Y:.*]] = echo.matmul %{{.*}}, %{{.*}} : (tensor<2x3xbf16>, tensor<3x4xbf16>) -> tensor<2x4xbf16>
// CHECK: %[[YF:.*]] = echo.cast %[[Y]] : tensor<2x4xbf16> -> tensor<2x4xf32>
// CHECK: return %[[YF]] : tensor<2x4xf32>
func.func @result(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = echo.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// A training step (echo-autodiff already ran: echo.loss_seed) is left alone.
// CHECK-LABEL: func @step
// CHECK-NOT: echo.cast
func.func @step(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = echo.matmul %a, %b {echo.loss_seed} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
