// echo-import-tosa, one TOSA pattern per function: every tosa op is raised
// (none may remain). NHWC convolutions and poolings sit between transposes
// to and from echo's NCHW; the pairs meeting between layers cancel.
// RUN: echo-opt %s -split-input-file --echo-import-tosa | FileCheck %s --implicit-check-not=tosa.

func.func @conv2d(%x: tensor<1x7x7x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x7x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
// CHECK-LABEL: func.func @conv2d(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.transpose %arg0 permutation [0, 3, 1, 2] : tensor<1x7x7x3xf32> -> tensor<1x3x7x7xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.transpose %arg1 permutation [0, 3, 1, 2] : tensor<4x3x3x3xf32> -> tensor<4x3x3x3xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.conv2d [[V0]], [[V1]], %arg2 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.transpose [[V2]] permutation [0, 2, 3, 1] : tensor<1x4x4x4xf32> -> tensor<1x4x4x4xf32>
// CHECK-NEXT: return [[V3]] : tensor<1x4x4x4xf32>

// -----

// Two convolutions: the NCHW -> NHWC -> NCHW transposes between them cancel.
func.func @conv_chain(%x: tensor<1x4x4x2xf32>, %w: tensor<2x1x1x2xf32>, %b: tensor<2xf32>) -> tensor<1x4x4x2xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %1 = tosa.conv2d %0, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  return %1 : tensor<1x4x4x2xf32>
}
// CHECK-LABEL: func.func @conv_chain(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.transpose %arg0 permutation [0, 3, 1, 2] : tensor<1x4x4x2xf32> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.transpose %arg1 permutation [0, 3, 1, 2] : tensor<2x1x1x2xf32> -> tensor<2x2x1x1xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.conv2d [[V0]], [[V1]], %arg2 : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.transpose %arg1 permutation [0, 3, 1, 2] : tensor<2x1x1x2xf32> -> tensor<2x2x1x1xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.conv2d [[V2]], [[V3]], %arg2 : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: [[V5:%[^ ,]+]] = echo.transpose [[V4]] permutation [0, 2, 3, 1] : tensor<1x2x4x4xf32> -> tensor<1x4x4x2xf32>
// CHECK-NEXT: return [[V5]] : tensor<1x4x4x2xf32>

// -----

func.func @depthwise(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x2xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
// CHECK-LABEL: func.func @depthwise(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.transpose %arg0 permutation [0, 3, 1, 2] : tensor<1x4x4x2xf32> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.transpose %arg1 permutation [2, 3, 0, 1] : tensor<3x3x2x2xf32> -> tensor<2x2x3x3xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.reshape [[V1]] : tensor<2x2x3x3xf32> -> tensor<4x1x3x3xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.conv2d [[V0]], [[V2]], %arg2 {groups = 2 : i64, padding = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.transpose [[V3]] permutation [0, 2, 3, 1] : tensor<1x4x4x4xf32> -> tensor<1x4x4x4xf32>
// CHECK-NEXT: return [[V4]] : tensor<1x4x4x4xf32>

// -----

func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<2x3x4xf32>, tensor<2x4x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
// CHECK-LABEL: func.func @matmul(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.batch_matmul %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x3x5xf32>

// -----

func.func @pools(%x: tensor<1x5x5x2xf32>) -> tensor<1x1x1x2xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.max_pool2d %x {kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32>
  %1 = tosa.avg_pool2d %0, %zp, %zp {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 3, 3>} : (tensor<1x3x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x2xf32>
  return %1 : tensor<1x1x1x2xf32>
}
// CHECK-LABEL: func.func @pools(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.transpose %arg0 permutation [0, 3, 1, 2] : tensor<1x5x5x2xf32> -> tensor<1x2x5x5xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.max_pool2d [[V0]] {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.avg_pool2d [[V1]] {kernel = array<i64: 3, 3>, stride = array<i64: 3, 3>} : tensor<1x2x3x3xf32> -> tensor<1x2x1x1xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.transpose [[V2]] permutation [0, 2, 3, 1] : tensor<1x2x1x1xf32> -> tensor<1x1x1x2xf32>
// CHECK-NEXT: return [[V3]] : tensor<1x1x1x2xf32>

// -----

func.func @clamps(%x: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) {
  %0 = tosa.clamp %x {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %1 = tosa.clamp %x {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %2 = tosa.clamp %x {max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0, %1, %2 : tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
}
// CHECK-LABEL: func.func @clamps(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.relu %arg0 : tensor<2x8xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.relu %arg0 : tensor<2x8xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.fill -6.000000e+00 : tensor<1x1xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.neg [[V1]] : tensor<2x8xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.max [[V3]], [[V2]] : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V5:%[^ ,]+]] = echo.neg [[V4]] : tensor<2x8xf32>
// CHECK-NEXT: [[V6:%[^ ,]+]] = echo.fill -1.000000e+00 : tensor<1x1xf32>
// CHECK-NEXT: [[V7:%[^ ,]+]] = echo.max %arg0, [[V6]] : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V8:%[^ ,]+]] = echo.fill -1.000000e+00 : tensor<1x1xf32>
// CHECK-NEXT: [[V9:%[^ ,]+]] = echo.neg [[V7]] : tensor<2x8xf32>
// CHECK-NEXT: [[V10:%[^ ,]+]] = echo.max [[V9]], [[V8]] : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V11:%[^ ,]+]] = echo.neg [[V10]] : tensor<2x8xf32>
// CHECK-NEXT: return [[V0]], [[V5]], [[V11]] : tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>

// -----

func.func @reshape_transpose(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tosa.transpose %x {perms = array<i32: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %s = tosa.const_shape {values = dense<[6, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %1 = tosa.reshape %0, %s : (tensor<3x2x4xf32>, !tosa.shape<2>) -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}
// CHECK-LABEL: func.func @reshape_transpose(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.transpose %arg0 permutation [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.reshape [[V0]] : tensor<3x2x4xf32> -> tensor<6x4xf32>
// CHECK-NEXT: return [[V1]] : tensor<6x4xf32>

// -----

func.func @elementwise(%x: tensor<2x8xf32>, %y: tensor<1x8xf32>) -> tensor<2x8xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.add %x, %y : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  %1 = tosa.sub %0, %y : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  %2 = tosa.mul %1, %y, %shift : (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %3 = tosa.sigmoid %2 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %4 = tosa.tanh %3 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %5 = tosa.exp %4 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %6 = tosa.log %5 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %7 = tosa.rsqrt %6 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %8 = tosa.negate %7, %zp, %zp : (tensor<2x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8xf32>
  %9 = tosa.maximum %8, %y : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  %10 = tosa.minimum %9, %x : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %10 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @elementwise(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.add %arg0, %arg1 : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.sub [[V0]], %arg1 : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.mul [[V1]], %arg1 : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.sigmoid [[V2]] : tensor<2x8xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.tanh [[V3]] : tensor<2x8xf32>
// CHECK-NEXT: [[V5:%[^ ,]+]] = echo.exp [[V4]] : tensor<2x8xf32>
// CHECK-NEXT: [[V6:%[^ ,]+]] = echo.log [[V5]] : tensor<2x8xf32>
// CHECK-NEXT: [[V7:%[^ ,]+]] = echo.rsqrt [[V6]] : tensor<2x8xf32>
// CHECK-NEXT: [[V8:%[^ ,]+]] = echo.neg [[V7]] : tensor<2x8xf32>
// CHECK-NEXT: [[V9:%[^ ,]+]] = echo.max [[V8]], %arg1 : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V10:%[^ ,]+]] = echo.neg %arg0 : tensor<2x8xf32>
// CHECK-NEXT: [[V11:%[^ ,]+]] = echo.neg [[V9]] : tensor<2x8xf32>
// CHECK-NEXT: [[V12:%[^ ,]+]] = echo.max [[V11]], [[V10]] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V13:%[^ ,]+]] = echo.neg [[V12]] : tensor<2x8xf32>
// CHECK-NEXT: return [[V13]] : tensor<2x8xf32>

// -----

// Softmax as TOSA writes it: reduce_max, sub, exp, reduce_sum, reciprocal, mul.
func.func @softmax(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.reduce_max %x {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x1xf32>
  %1 = tosa.sub %x, %0 : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
  %2 = tosa.exp %1 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = tosa.reduce_sum %2 {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x1xf32>
  %4 = tosa.reciprocal %3 : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %5 = tosa.mul %2, %4, %shift : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  return %5 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @softmax(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.softmax %arg0 {axis = 1 : i64} : tensor<2x8xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x8xf32>

// -----

func.func @reduce_sum(%x: tensor<2x8xf32>) -> tensor<1x8xf32> {
  %0 = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<2x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
// CHECK-LABEL: func.func @reduce_sum(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.reduce sum %arg0 dims [0] keepdims : tensor<2x8xf32> -> tensor<1x8xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x8xf32>

// -----

func.func @constant(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = "tosa.const"() <{values = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = tosa.add %x, %c : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK-LABEL: func.func @constant(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.add %arg0, [[V0]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: return [[V1]] : tensor<2xf32>

// -----

// Attention as TOSA writes it (matmul with the transposed key, a constant
// scale, the softmax pieces, matmul with the value): one echo.attention on
// [1, N, L, D] views, at the default scale 1 / sqrt(16) (raise-attention).
func.func @attention(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>, %v: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c = "tosa.const"() <{values = dense<0.25> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %kt = tosa.transpose %k {perms = array<i32: 0, 2, 1>} : (tensor<4x8x16xf32>) -> tensor<4x16x8xf32>
  %s = tosa.matmul %q, %kt, %zp, %zp : (tensor<4x8x16xf32>, tensor<4x16x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x8x8xf32>
  %t = tosa.mul %s, %c, %shift : (tensor<4x8x8xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x8x8xf32>
  %0 = tosa.reduce_max %t {axis = 2 : i32} : (tensor<4x8x8xf32>) -> tensor<4x8x1xf32>
  %1 = tosa.sub %t, %0 : (tensor<4x8x8xf32>, tensor<4x8x1xf32>) -> tensor<4x8x8xf32>
  %2 = tosa.exp %1 : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %3 = tosa.reduce_sum %2 {axis = 2 : i32} : (tensor<4x8x8xf32>) -> tensor<4x8x1xf32>
  %4 = tosa.reciprocal %3 : (tensor<4x8x1xf32>) -> tensor<4x8x1xf32>
  %p = tosa.mul %2, %4, %shift : (tensor<4x8x8xf32>, tensor<4x8x1xf32>, tensor<1xi8>) -> tensor<4x8x8xf32>
  %o = tosa.matmul %p, %v, %zp, %zp : (tensor<4x8x8xf32>, tensor<4x8x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x8x16xf32>
  return %o : tensor<4x8x16xf32>
}
// CHECK-LABEL: func.func @attention(
// CHECK-DAG: [[V:%[^ ,]+]] = echo.reshape %arg2 : tensor<4x8x16xf32> -> tensor<1x4x8x16xf32>
// CHECK-DAG: [[K:%[^ ,]+]] = echo.reshape %arg1 : tensor<4x8x16xf32> -> tensor<1x4x8x16xf32>
// CHECK-DAG: [[Q:%[^ ,]+]] = echo.reshape %arg0 : tensor<4x8x16xf32> -> tensor<1x4x8x16xf32>
// CHECK-NEXT: [[O:%[^ ,]+]], %{{[^ ]+}} = echo.attention [[Q]], [[K]], [[V]] : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>
// CHECK-NEXT: [[R:%[^ ,]+]] = echo.reshape [[O]] : tensor<1x4x8x16xf32> -> tensor<4x8x16xf32>
// CHECK-NEXT: return [[R]] : tensor<4x8x16xf32>
