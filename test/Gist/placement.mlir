// Placement: the encode of a stashed map comes right after its LAST forward
// use (not after its producer), and the decode right before its FIRST
// backward use. r1 below is read by conv2 and, much later, by the residual
// add; relu_grad of r1 runs after the add's gradient reaches it.
// The pass RUN lines start from Inputs/placement.autodiff.mlir (the functions
// below after echo-autodiff).
// RUN: echo-opt %S/Inputs/placement.autodiff.mlir --gist-encode=csr-density=0.5 | FileCheck %s
// RUN: echo-opt %S/Inputs/placement.autodiff.mlir --gist-encode="lossless=false dpr=fp16 dpr-min-bytes=0" | FileCheck %s --check-prefix=DPR

func.func @res(%x: tensor<2x4x6x6xf32>, %labels: tensor<2xi32>,
               %w1: tensor<4x4x3x3xf32> {echo.trainable},
               %w2: tensor<4x4x3x3xf32> {echo.trainable},
               %fw: tensor<3x144xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
  %r1 = echo.relu %c1 : tensor<2x4x6x6xf32>
  %c2 = echo.conv2d %r1, %w2 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
  %t = echo.tanh %c2 : tensor<2x4x6x6xf32>
  %a = echo.add %t, %r1 : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  %r2 = echo.relu %a : tensor<2x4x6x6xf32>
  %f = echo.reshape %r2 : tensor<2x4x6x6xf32> -> tensor<2x144xf32>
  %o = echo.linear %f, %fw : (tensor<2x144xf32>, tensor<3x144xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @train_step
// CHECK: %[[R1:.*]] = echo.relu
// CHECK-NOT: echo.encode
// CHECK: %[[C2:.*]] = echo.conv2d %[[R1]]
// CHECK-NOT: echo.encode %[[R1]] :
// CHECK: %[[T:.*]] = echo.tanh %[[C2]]
// CHECK-NOT: echo.encode %[[R1]] :
// CHECK: echo.add %[[T]], %[[R1]]
// CHECK-NEXT: echo.encode %[[R1]] : tensor<2x4x6x6xf32> as #echo.encoding<csr
// CHECK-NEXT: echo.encode %[[R1]] : tensor<2x4x6x6xf32> as #echo.encoding<binarize>
// CHECK: echo.loss_seed
// csr serves conv2d_grad_weight of conv2, decoded right before it.
// CHECK: %[[CD:.*]] = echo.decode %{{.*}} : !echo.encoded<tensor<2x4x6x6xf32>, #echo.encoding<csr
// CHECK-NEXT: echo.conv2d_grad_weight %[[CD]],
// CHECK: echo.relu_grad_encoded %{{.*}}, %{{.*}} : (!echo.encoded<tensor<2x4x6x6xf32>, #echo.encoding<binarize>>
// CHECK: return

// With DPR, r1 is read by two backward ops (conv2d_grad_weight, relu_grad):
// one encode after the add, one decode before the first of the two. The
// tanh output, whose last forward use is the add too, is encoded there first.
// DPR-LABEL: func.func @train_step
// DPR: %[[R1:.*]] = echo.relu
// DPR-NOT: echo.encode %[[R1]] :
// DPR: echo.add %{{.*}}, %[[R1]]
// DPR-NEXT: echo.encode %{{.*}} : tensor<2x4x6x6xf32> as #echo.encoding<fp16>
// DPR-NEXT: %[[E:.*]] = echo.encode %[[R1]] : tensor<2x4x6x6xf32> as #echo.encoding<fp16>
// DPR-NEXT: echo.relu
// DPR-NOT: echo.encode %[[R1]] :
// DPR: echo.loss_seed
// DPR-NOT: echo.decode %[[E]] :
// DPR: %[[D:.*]] = echo.decode %[[E]]
// DPR-NEXT: echo.conv2d_grad_weight %[[D]],
// DPR-NOT: echo.decode %[[E]] :
// DPR: echo.relu_grad %[[D]],
// DPR: return
