// Round trip of the backward ops.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @unary_grads
func.func @unary_grads(%y: tensor<4x8xf32>, %dy: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: echo.relu_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %0 = echo.relu_grad %y, %dy : tensor<4x8xf32>
  // CHECK: echo.tanh_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %1 = echo.tanh_grad %y, %0 : tensor<4x8xf32>
  // CHECK: echo.sigmoid_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %2 = echo.sigmoid_grad %y, %1 : tensor<4x8xf32>
  // CHECK: echo.gelu_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %3 = echo.gelu_grad %y, %2 : tensor<4x8xf32>
  // CHECK: echo.gelu_erf_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %gelu_erf_grad = echo.gelu_erf_grad %y, %3 : tensor<4x8xf32>
  // CHECK: echo.sqrt_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %4 = echo.sqrt_grad %y, %3 : tensor<4x8xf32>
  // CHECK: echo.rsqrt_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %5 = echo.rsqrt_grad %y, %4 : tensor<4x8xf32>
  return %5 : tensor<4x8xf32>
}

// CHECK-LABEL: func @broadcast_grads
func.func @broadcast_grads(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %dy: tensor<4x8xf32>) -> tensor<8xf32> {
  // CHECK: echo.max_grad %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %da, %db = echo.max_grad %a, %b, %dy : (tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  // CHECK: echo.sum_to %{{.*}} : tensor<4x8xf32> -> tensor<8xf32>
  %0 = echo.sum_to %db : tensor<4x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func @layer_grads
func.func @layer_grads(%mask: tensor<4x8xi1>, %dy: tensor<4x8xf32>,
                       %x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>, %dp: tensor<1x1x2x2xf32>,
                       %bx: tensor<8x16x4x4xf32>, %c: tensor<16xf32>,
                       %lx: tensor<8x512xf32>, %lg: tensor<512xf32>, %lr: tensor<8xf32>) {
  // CHECK: echo.dropout_grad %{{.*}}, %{{.*}} probability 1.000000e-01 : tensor<4x8xi1>, tensor<4x8xf32>
  %0 = echo.dropout_grad %mask, %dy probability 0.1 : tensor<4x8xi1>, tensor<4x8xf32>
  // CHECK: echo.max_pool2d_grad %{{.*}}, %{{.*}}, %{{.*}} {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  %1 = echo.max_pool2d_grad %x, %y, %dp {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  // CHECK: echo.avg_pool2d_grad %{{.*}} {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  %2 = echo.avg_pool2d_grad %dp {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  // CHECK: echo.batch_norm_grad %{{.*}} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16x4x4xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>)
  %3:3 = echo.batch_norm_grad %bx, %c, %c, %c, %bx : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16x4x4xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>)
  // CHECK: echo.layer_norm_grad %{{.*}} : (tensor<8x512xf32>, tensor<512xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x512xf32>) -> (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>)
  %4:3 = echo.layer_norm_grad %lx, %lg, %lr, %lr, %lx : (tensor<8x512xf32>, tensor<512xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x512xf32>) -> (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>)
  return
}

// CHECK-LABEL: func @softmax_reduce_grads
func.func @softmax_reduce_grads(%y: tensor<4x8xf32>, %dy: tensor<4x8xf32>, %r: tensor<4xf32>) {
  // CHECK: echo.softmax_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %0 = echo.softmax_grad %y, %dy : tensor<4x8xf32>
  // CHECK: echo.log_softmax_grad %{{.*}}, %{{.*}} {axis = 0 : i64} : tensor<4x8xf32>
  %1 = echo.log_softmax_grad %y, %dy {axis = 0 : i64} : tensor<4x8xf32>
  // CHECK: echo.reduce_grad mean %{{.*}} dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %2 = echo.reduce_grad mean %r dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  // CHECK: echo.reduce_max_grad %{{.*}}, %{{.*}}, %{{.*}} dims [1] : (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  %3 = echo.reduce_max_grad %y, %r, %r dims [1] : (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// CHECK-LABEL: func @shape_grads
func.func @shape_grads(%d: tensor<8x256xf32>, %logits: tensor<32x10xf32>, %labels: tensor<32xi32>, %dl: tensor<f32>) {
  // CHECK: echo.slice_grad %{{.*}} offsets [0, 256] : tensor<8x256xf32> -> tensor<8x1024xf32>
  %0 = echo.slice_grad %d offsets [0, 256] : tensor<8x256xf32> -> tensor<8x1024xf32>
  // CHECK: echo.cross_entropy_grad %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x10xf32>, tensor<32xi32>, tensor<f32>) -> tensor<32x10xf32>
  %1 = echo.cross_entropy_grad %logits, %labels, %dl : (tensor<32x10xf32>, tensor<32xi32>, tensor<f32>) -> tensor<32x10xf32>
  return
}

// CHECK-LABEL: func @heavy_grads
func.func @heavy_grads(%dy: tensor<32x256xf32>, %w: tensor<256x784xf32>, %x: tensor<32x784xf32>,
                       %cdy: tensor<8x16x32x32xf32>, %cw: tensor<16x3x3x3xf32>, %cx: tensor<8x3x32x32xf32>,
                       %ids: tensor<8x20xi32>, %edy: tensor<8x20x64xf32>) {
  // CHECK: echo.linear_grad_input %{{.*}}, %{{.*}} : (tensor<32x256xf32>, tensor<256x784xf32>) -> tensor<32x784xf32>
  %0 = echo.linear_grad_input %dy, %w : (tensor<32x256xf32>, tensor<256x784xf32>) -> tensor<32x784xf32>
  // CHECK: echo.linear_grad_weight %{{.*}}, %{{.*}} : (tensor<32x256xf32>, tensor<32x784xf32>) -> tensor<256x784xf32>
  %1 = echo.linear_grad_weight %dy, %x : (tensor<32x256xf32>, tensor<32x784xf32>) -> tensor<256x784xf32>
  // CHECK: echo.conv2d_grad_input %{{.*}}, %{{.*}} {padding = array<i64: 1, 1>} : (tensor<8x16x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x3x32x32xf32>
  %2 = echo.conv2d_grad_input %cdy, %cw {padding = array<i64: 1, 1>} : (tensor<8x16x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x3x32x32xf32>
  // CHECK: echo.conv2d_grad_weight %{{.*}}, %{{.*}} {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<8x16x32x32xf32>) -> tensor<16x3x3x3xf32>
  %3 = echo.conv2d_grad_weight %cx, %cdy {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<8x16x32x32xf32>) -> tensor<16x3x3x3xf32>
  // CHECK: echo.embedding_grad %{{.*}}, %{{.*}} : (tensor<8x20xi32>, tensor<8x20x64xf32>) -> tensor<1000x64xf32>
  %4 = echo.embedding_grad %ids, %edy : (tensor<8x20xi32>, tensor<8x20x64xf32>) -> tensor<1000x64xf32>
  return
}
