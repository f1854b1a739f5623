// The backward ops each gradient rule builds (each incoming gradient is an
// `echo.fill 1.0`), checked op by op; the verifier then checks their types.
// RUN: echo-opt %s --test-build-gradients -split-input-file | FileCheck %s

// Weight and bias gradients come before the input gradient: the forward
// input they read can die before the input gradient is allocated.
// CHECK-LABEL: func @linear
// CHECK:      %[[Y:.*]] = echo.linear %[[X:.*]], %[[W:.*]], %[[B:.*]] :
// CHECK-NEXT: %[[DY:.*]] = echo.fill 1.000000e+00 : tensor<4x16xf32>
// CHECK-NEXT: echo.linear_grad_weight %[[DY]], %[[X]] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: echo.sum_to %[[DY]] : tensor<4x16xf32> -> tensor<16xf32>
// CHECK-NEXT: echo.linear_grad_input %[[DY]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
func.func @linear(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>) {
  %0 = echo.linear %x, %w, %b : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  return
}

// -----

// dA = dC B^T and dB = A^T dC, for every combination of transposes.
// CHECK-LABEL: func @matmul
// CHECK:      %[[C:.*]] = echo.matmul %[[A:.*]], %[[B:.*]] : (tensor<4x8xf32>, tensor<8x3xf32>)
// CHECK-NEXT: %[[DC:.*]] = echo.fill
// CHECK-NEXT: echo.matmul %[[DC]], %[[B]] transpose_rhs : (tensor<4x3xf32>, tensor<8x3xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: echo.matmul %[[A]], %[[DC]] transpose_lhs : (tensor<4x8xf32>, tensor<4x3xf32>) -> tensor<8x3xf32>
// CHECK:      echo.matmul %[[AT:.*]], %[[BT:.*]] transpose_lhs transpose_rhs : (tensor<8x4xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[DC2:.*]] = echo.fill
// CHECK-NEXT: echo.matmul %[[BT]], %[[DC2]] transpose_lhs transpose_rhs : (tensor<3x8xf32>, tensor<4x3xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: echo.matmul %[[DC2]], %[[AT]] transpose_lhs transpose_rhs : (tensor<4x3xf32>, tensor<8x4xf32>) -> tensor<3x8xf32>
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>, %at: tensor<8x4xf32>, %bt: tensor<3x8xf32>) {
  %0 = echo.matmul %a, %b : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  %1 = echo.matmul %at, %bt transpose_lhs transpose_rhs : (tensor<8x4xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  return
}

// -----

// CHECK-LABEL: func @conv
// CHECK:      %[[DY:.*]] = echo.fill 1.000000e+00 : tensor<2x4x4x4xf32>
// CHECK-NEXT: echo.conv2d_grad_weight %{{.*}}, %[[DY]] {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x3x8x8xf32>, tensor<2x4x4x4xf32>) -> tensor<4x3x3x3xf32>
// CHECK-NEXT: echo.reduce sum %[[DY]] dims [0, 2, 3] : tensor<2x4x4x4xf32> -> tensor<4xf32>
// CHECK-NEXT: echo.conv2d_grad_input %[[DY]], %{{.*}} {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x4x4x4xf32>, tensor<4x3x3x3xf32>) -> tensor<2x3x8x8xf32>
func.func @conv(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) {
  %0 = echo.conv2d %x, %w, %b {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x4x4xf32>
  return
}

// -----

// Broadcasting in forward becomes sum_to in backward.
// CHECK-LABEL: func @broadcasting
// CHECK:      echo.add
// CHECK-NEXT: %[[D0:.*]] = echo.fill
// CHECK-NEXT: echo.sum_to %[[D0]] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK-NEXT: echo.sum_to %[[D0]] : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK:      %[[Q:.*]] = echo.div %[[A:.*]], %[[B:.*]] :
// CHECK-NEXT: %[[D1:.*]] = echo.fill
// CHECK-NEXT: %[[DA:.*]] = echo.div %[[D1]], %[[B]]
// CHECK-NEXT: echo.sum_to %[[DA]] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK-NEXT: %[[T:.*]] = echo.mul %[[D1]], %[[Q]]
// CHECK-NEXT: %[[U:.*]] = echo.div %[[T]], %[[B]]
// CHECK-NEXT: %[[N:.*]] = echo.neg %[[U]]
// CHECK-NEXT: echo.sum_to %[[N]] : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK:      echo.max_grad
// CHECK-NEXT: echo.sum_to
func.func @broadcasting(%a: tensor<8xf32>, %b: tensor<4x1xf32>) {
  %0 = echo.add %a, %b : (tensor<8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %1 = echo.div %a, %b : (tensor<8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %2 = echo.max %a, %b : (tensor<8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return
}

// -----

// The LSTM gate split: a piece without a gradient contributes zeros.
// CHECK-LABEL: func @split_concat
// CHECK:      %[[P:.*]]:2 = echo.split
// CHECK-NEXT: %[[G0:.*]] = echo.fill 1.000000e+00 : tensor<2x3xf32>
// CHECK-NEXT: %[[G1:.*]] = echo.fill 1.000000e+00 : tensor<2x5xf32>
// CHECK-NEXT: echo.concat %[[G0]], %[[G1]] axis 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
// CHECK:      echo.concat
// CHECK-NEXT: %[[DC:.*]] = echo.fill
// CHECK-NEXT: echo.slice %[[DC]] offsets [0, 0] : tensor<2x8xf32> -> tensor<2x3xf32>
// CHECK-NEXT: echo.slice %[[DC]] offsets [0, 3] : tensor<2x8xf32> -> tensor<2x5xf32>
func.func @split_concat(%x: tensor<2x8xf32>, %a: tensor<2x3xf32>, %b: tensor<2x5xf32>) {
  %0:2 = echo.split %x axis 1 : tensor<2x8xf32> -> tensor<2x3xf32>, tensor<2x5xf32>
  %1 = echo.concat %a, %b axis 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return
}

// -----

// CHECK-LABEL: func @shapes
// CHECK:      echo.transpose %{{.*}} permutation [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
// CHECK-NEXT: %[[D:.*]] = echo.fill
// CHECK-NEXT: echo.transpose %[[D]] permutation [2, 0, 1] : tensor<3x4x2xf32> -> tensor<2x3x4xf32>
// CHECK:      echo.reshape
// CHECK-NEXT: %[[R:.*]] = echo.fill
// CHECK-NEXT: echo.reshape %[[R]] : tensor<24xf32> -> tensor<2x3x4xf32>
// CHECK:      echo.slice %{{.*}} offsets [0, 1, 0] strides [1, 2, 1]
// CHECK-NEXT: %[[S:.*]] = echo.fill
// CHECK-NEXT: echo.slice_grad %[[S]] offsets [0, 1, 0] strides [1, 2, 1] : tensor<2x1x4xf32> -> tensor<2x3x4xf32>
// CHECK:      echo.broadcast_to
// CHECK-NEXT: %[[B:.*]] = echo.fill
// CHECK-NEXT: echo.sum_to %[[B]] : tensor<5x2x3x4xf32> -> tensor<2x3x4xf32>
func.func @shapes(%x: tensor<2x3x4xf32>) {
  %0 = echo.transpose %x permutation [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = echo.reshape %x : tensor<2x3x4xf32> -> tensor<24xf32>
  %2 = echo.slice %x offsets [0, 1, 0] strides [1, 2, 1] : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %3 = echo.broadcast_to %x : tensor<2x3x4xf32> -> tensor<5x2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func @layers
// CHECK:      %[[Y:.*]], %[[M:.*]] = echo.dropout
// CHECK-NEXT: %[[DY:.*]] = echo.fill
// CHECK-NEXT: echo.dropout_grad %[[M]], %[[DY]] probability 5.000000e-01
// CHECK:      %[[P:.*]] = echo.max_pool2d %[[X:[^ ]*]]
// CHECK-NEXT: %[[DP:.*]] = echo.fill
// CHECK-NEXT: echo.max_pool2d_grad %[[X]], %[[P]], %[[DP]] {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>}
// CHECK:      echo.avg_pool2d
// CHECK-NEXT: %[[DA:.*]] = echo.fill
// CHECK-NEXT: echo.avg_pool2d_grad %[[DA]] {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<2x4x4x4xf32>) -> tensor<2x4x8x8xf32>
// CHECK:      %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}}, %[[SM:[^ ,]+]], %[[SI:[^ ,]+]] = echo.batch_norm
// Only the normalized output's gradient is used; the statistics results get none.
// CHECK:      echo.batch_norm_grad %[[X]], %{{.*}}, %[[SM]], %[[SI]], %{{.*}} :
// CHECK:      %{{[^ ,]+}}, %[[MEAN:[^ ,]+]], %[[RSTD:[^ ,]+]] = echo.layer_norm
// CHECK:      echo.layer_norm_grad %{{.*}}, %{{.*}}, %[[MEAN]], %[[RSTD]], %{{.*}} :
// CHECK:      %[[SM:.*]] = echo.softmax
// CHECK-NEXT: %[[DS:.*]] = echo.fill
// CHECK-NEXT: echo.softmax_grad %[[SM]], %[[DS]] : tensor<6x8xf32>
// CHECK:      %[[LS:.*]] = echo.log_softmax %{{.*}} {axis = 0 : i64}
// CHECK-NEXT: %[[DL:.*]] = echo.fill
// CHECK-NEXT: echo.log_softmax_grad %[[LS]], %[[DL]] {axis = 0 : i64} : tensor<6x8xf32>
// CHECK:      echo.cross_entropy
// CHECK-NEXT: %[[DLOSS:.*]] = echo.fill 1.000000e+00 : tensor<f32>
// CHECK-NEXT: echo.cross_entropy_grad %{{.*}}, %{{.*}}, %[[DLOSS]] :
func.func @layers(%x: tensor<2x4x8x8xf32>, %c: tensor<4xf32>, %l: tensor<6x8xf32>, %g: tensor<8xf32>, %labels: tensor<6xi32>) {
  %y, %mask = echo.dropout %x probability 0.5 seed 1 : tensor<2x4x8x8xf32> -> tensor<2x4x8x8xf32>, tensor<2x4x8x8xi1>
  %0 = echo.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %1 = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %bn:5 = echo.batch_norm %x, %c, %c, %c, %c : (tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %ln:3 = echo.layer_norm %l, %g, %g : (tensor<6x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<6x8xf32>, tensor<6xf32>, tensor<6xf32>)
  %2 = echo.softmax %l : tensor<6x8xf32>
  %3 = echo.log_softmax %l {axis = 0 : i64} : tensor<6x8xf32>
  %4 = echo.cross_entropy %l, %labels : (tensor<6x8xf32>, tensor<6xi32>) -> tensor<f32>
  return
}

// -----

// CHECK-LABEL: func @reductions
// CHECK:      echo.reduce sum
// CHECK-NEXT: %[[D0:.*]] = echo.fill
// CHECK-NEXT: echo.reduce_grad sum %[[D0]] dims [1] : tensor<6xf32> -> tensor<6x8xf32>
// CHECK:      echo.reduce mean
// CHECK-NEXT: %[[D1:.*]] = echo.fill
// CHECK-NEXT: echo.reduce_grad mean %[[D1]] dims [0] keepdims : tensor<1x8xf32> -> tensor<6x8xf32>
// CHECK:      %[[MX:.*]] = echo.reduce max %[[X:[^ ]*]]
// CHECK-NEXT: %[[D2:.*]] = echo.fill
// CHECK-NEXT: echo.reduce_max_grad %[[X]], %[[MX]], %[[D2]] dims [1]
// CHECK:      echo.embedding
// CHECK-NEXT: %[[DE:.*]] = echo.fill
// CHECK-NEXT: echo.embedding_grad %{{.*}}, %[[DE]] : (tensor<5xi32>, tensor<5x4xf32>) -> tensor<10x4xf32>
// CHECK:      echo.exp
// CHECK-NEXT: echo.fill
// CHECK-NEXT: echo.mul
// CHECK:      echo.log
// CHECK-NEXT: echo.fill
// CHECK-NEXT: echo.div
func.func @reductions(%x: tensor<6x8xf32>, %table: tensor<10x4xf32>, %ids: tensor<5xi32>) {
  %0 = echo.reduce sum %x dims [1] : tensor<6x8xf32> -> tensor<6xf32>
  %1 = echo.reduce mean %x dims [0] keepdims : tensor<6x8xf32> -> tensor<1x8xf32>
  %2 = echo.reduce max %x dims [1] : tensor<6x8xf32> -> tensor<6xf32>
  %3 = echo.embedding %table, %ids : (tensor<10x4xf32>, tensor<5xi32>) -> tensor<5x4xf32>
  %4 = echo.exp %x : tensor<6x8xf32>
  %5 = echo.log %x : tensor<6x8xf32>
  return
}
