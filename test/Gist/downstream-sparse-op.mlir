// What Gist may store as SSDC (CSR) is decided by SparseResultOpInterface
// (SparseMaps.td), for any dialect: echo_test.clamp (test/lib: a ReLU of
// another dialect, whose gradient is echo.relu_grad of its output) declares
// it, and gist-encode stores its output exactly as an echo.relu's in its
// place: CSR for the convolution's weight gradient, binarized for the ReLU
// gradient (a rule of the reader, echo.relu_grad).
// (csr-density=0.5: a density bound, without which the map stays plain.)
// The pass RUN lines start from Inputs/downstream-sparse-op.autodiff.mlir (the
// functions below after echo-autodiff).
// RUN: echo-opt %S/Inputs/downstream-sparse-op.autodiff.mlir -split-input-file --gist-encode=csr-density=0.5 | FileCheck %s

// CHECK-LABEL: func.func @train_step
// CHECK:         %[[R:.*]] = echo_test.clamp %{{.*}} : tensor<2x4x8x8xf32>
// CHECK-DAG:     %[[C:.*]] = echo.encode %[[R]] : tensor<2x4x8x8xf32> as #echo.encoding<csr, density = 5.000000e-01>
// CHECK-DAG:     %[[B:.*]] = echo.encode %[[R]] : tensor<2x4x8x8xf32> as #echo.encoding<binarize>
// CHECK:         %[[D:.*]] = echo.decode %[[C]]
// CHECK-NEXT:    echo.conv2d_grad_weight %[[D]]
// CHECK:         echo.relu_grad_encoded %[[B]]
// CHECK-LABEL: func.func @train_step
// CHECK:         %[[R:.*]] = echo.relu %{{.*}} : tensor<2x4x8x8xf32>
// CHECK-DAG:     %[[C:.*]] = echo.encode %[[R]] : tensor<2x4x8x8xf32> as #echo.encoding<csr, density = 5.000000e-01>
// CHECK-DAG:     %[[B:.*]] = echo.encode %[[R]] : tensor<2x4x8x8xf32> as #echo.encoding<binarize>
// CHECK:         %[[D:.*]] = echo.decode %[[C]]
// CHECK-NEXT:    echo.conv2d_grad_weight %[[D]]
// CHECK:         echo.relu_grad_encoded %[[B]]

func.func @forward(%x: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
                   %w1: tensor<4x3x3x3xf32> {echo.trainable},
                   %w2: tensor<4x4x3x3xf32> {echo.trainable},
                   %fw: tensor<10x256xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %r1 = echo_test.clamp %c1 : tensor<2x4x8x8xf32>
  %c2 = echo.conv2d %r1, %w2 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %f = echo.reshape %c2 : tensor<2x4x8x8xf32> -> tensor<2x256xf32>
  %o = echo.linear %f, %fw : (tensor<2x256xf32>, tensor<10x256xf32>) -> tensor<2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @forward(%x: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
                   %w1: tensor<4x3x3x3xf32> {echo.trainable},
                   %w2: tensor<4x4x3x3xf32> {echo.trainable},
                   %fw: tensor<10x256xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %r1 = echo.relu %c1 : tensor<2x4x8x8xf32>
  %c2 = echo.conv2d %r1, %w2 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %f = echo.reshape %c2 : tensor<2x4x8x8xf32> -> tensor<2x256xf32>
  %o = echo.linear %f, %fw : (tensor<2x256xf32>, tensor<10x256xf32>) -> tensor<2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
