// Round trip of normalization, pooling, reduction, shape and loss ops.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @dropout
func.func @dropout(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi1>) {
  // CHECK: %{{.*}}, %{{.*}} = echo.dropout %{{.*}} probability 1.000000e-01 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  %y, %mask = echo.dropout %x probability 0.1 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return %y, %mask : tensor<4x8xf32>, tensor<4x8xi1>
}

// CHECK-LABEL: func @pooling
func.func @pooling(%x: tensor<8x16x32x32xf32>) -> (tensor<8x16x16x16xf32>, tensor<8x16x16x16xf32>) {
  // CHECK: echo.max_pool2d %{{.*}} {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x16x16xf32>
  %0 = echo.max_pool2d %x {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<8x16x32x32xf32> -> tensor<8x16x16x16xf32>
  // CHECK: echo.avg_pool2d %{{.*}} {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x16x16xf32>
  %1 = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x16x16xf32>
  return %0, %1 : tensor<8x16x16x16xf32>, tensor<8x16x16x16xf32>
}

// CHECK-LABEL: func @batch_norm
func.func @batch_norm(%x: tensor<8x16x4x4xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>) -> tensor<8x16x4x4xf32> {
  // CHECK: echo.batch_norm %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {epsilon = 1.000000e-03 : f64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %g, %b, %m, %v {epsilon = 1.0e-3 : f64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return %y : tensor<8x16x4x4xf32>
}

// CHECK-LABEL: func @layer_norm
func.func @layer_norm(%x: tensor<8x10x512xf32>, %g: tensor<512xf32>, %b: tensor<512xf32>) -> tensor<8x10x512xf32> {
  // CHECK: echo.layer_norm %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8x10x512xf32>, tensor<512xf32>, tensor<512xf32>) -> (tensor<8x10x512xf32>, tensor<8x10xf32>, tensor<8x10xf32>)
  %y, %mean, %rstd = echo.layer_norm %x, %g, %b : (tensor<8x10x512xf32>, tensor<512xf32>, tensor<512xf32>) -> (tensor<8x10x512xf32>, tensor<8x10xf32>, tensor<8x10xf32>)
  return %y : tensor<8x10x512xf32>
}

// CHECK-LABEL: func @softmax
func.func @softmax(%x: tensor<8x10xf32>) -> (tensor<8x10xf32>, tensor<8x10xf32>) {
  // CHECK: echo.softmax %{{.*}} : tensor<8x10xf32>
  %0 = echo.softmax %x : tensor<8x10xf32>
  // CHECK: echo.log_softmax %{{.*}} {axis = 0 : i64} : tensor<8x10xf32>
  %1 = echo.log_softmax %x {axis = 0 : i64} : tensor<8x10xf32>
  return %0, %1 : tensor<8x10xf32>, tensor<8x10xf32>
}

// CHECK-LABEL: func @reduce
func.func @reduce(%x: tensor<4x8x2xf32>) -> (tensor<4x2xf32>, tensor<1x8x1xf32>, tensor<f32>) {
  // CHECK: echo.reduce sum %{{.*}} dims [1] : tensor<4x8x2xf32> -> tensor<4x2xf32>
  %0 = echo.reduce sum %x dims [1] : tensor<4x8x2xf32> -> tensor<4x2xf32>
  // CHECK: echo.reduce max %{{.*}} dims [2, 0] keepdims : tensor<4x8x2xf32> -> tensor<1x8x1xf32>
  %1 = echo.reduce max %x dims [2, 0] keepdims : tensor<4x8x2xf32> -> tensor<1x8x1xf32>
  // CHECK: echo.reduce mean %{{.*}} dims [0, 1, 2] : tensor<4x8x2xf32> -> tensor<f32>
  %2 = echo.reduce mean %x dims [0, 1, 2] : tensor<4x8x2xf32> -> tensor<f32>
  return %0, %1, %2 : tensor<4x2xf32>, tensor<1x8x1xf32>, tensor<f32>
}

// CHECK-LABEL: func @shape_ops
func.func @shape_ops(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>, %g: tensor<8x1024xf32>, %row: tensor<8xf32>) -> tensor<8x4xf32> {
  // CHECK: echo.concat %{{.*}}, %{{.*}} axis 1 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  %0 = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  // CHECK: echo.slice %{{.*}} offsets [0, 256] : tensor<8x1024xf32> -> tensor<8x256xf32>
  %1 = echo.slice %g offsets [0, 256] : tensor<8x1024xf32> -> tensor<8x256xf32>
  // CHECK: echo.slice %{{.*}} offsets [1, 0] strides [2, 4] : tensor<8x1024xf32> -> tensor<4x256xf32>
  %2 = echo.slice %g offsets [1, 0] strides [2, 4] : tensor<8x1024xf32> -> tensor<4x256xf32>
  // CHECK: %{{.*}}:4 = echo.split %{{.*}} axis 1 : tensor<8x1024xf32> -> tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>
  %i, %f, %c, %o = echo.split %g axis 1 : tensor<8x1024xf32> -> tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>
  // CHECK: echo.reshape %{{.*}} : tensor<4x8xf32> -> tensor<32xf32>
  %3 = echo.reshape %0 : tensor<4x8xf32> -> tensor<32xf32>
  // CHECK: echo.transpose %{{.*}} permutation [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %4 = echo.transpose %0 permutation [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK: echo.broadcast_to %{{.*}} : tensor<8xf32> -> tensor<4x8xf32>
  %5 = echo.broadcast_to %row : tensor<8xf32> -> tensor<4x8xf32>
  return %4 : tensor<8x4xf32>
}

// CHECK-LABEL: func @cross_entropy
func.func @cross_entropy(%logits: tensor<32x10xf32>, %labels: tensor<32xi32>, %seq: tensor<4x7x100xf32>, %tgt: tensor<4x7xi64>) -> (tensor<f32>, tensor<f32>) {
  // CHECK: echo.cross_entropy %{{.*}}, %{{.*}} : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<f32>
  %0 = echo.cross_entropy %logits, %labels : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<f32>
  // CHECK: echo.cross_entropy %{{.*}}, %{{.*}} : (tensor<4x7x100xf32>, tensor<4x7xi64>) -> tensor<f32>
  %1 = echo.cross_entropy %seq, %tgt : (tensor<4x7x100xf32>, tensor<4x7xi64>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// CHECK-LABEL: func @constants
func.func @constants() -> (tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2xi32>) {
  // CHECK: echo.constant dense<1.000000e+00> : tensor<4xf32>
  %0 = echo.constant dense<1.0> : tensor<4xf32>
  // CHECK: echo.zeros : tensor<4x8xf32>
  %1 = echo.zeros : tensor<4x8xf32>
  // CHECK: echo.fill 5.000000e-01 : tensor<4x8xf32>
  %2 = echo.fill 0.5 : tensor<4x8xf32>
  // CHECK: echo.constant dense<[3, 1]> : tensor<2xi32>
  %3 = echo.constant dense<[3, 1]> : tensor<2xi32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2xi32>
}
