// echo-offload plans the stashes of the step, whoever produced them: the
// output of an op of another dialect (echo_test.square, test/lib), stashed
// for the second linear's weight gradient (a layer's input, by Dymem's
// rule), is offloaded after its last forward use and prefetched for the
// backward pass, as the output of the echo op in its place (echo.gelu) is.
// The simulated step times it by its declared cost (CostOpInterface).
// RUN: echo-opt %s -split-input-file --echo-autodiff '--echo-offload=policy=dymem max-slowdown=100000' | FileCheck %s
// RUN: echo-opt %s -split-input-file --echo-autodiff '--echo-offload=policy=greedy max-slowdown=100000' | FileCheck %s

// CHECK-LABEL: func.func @train_step
// CHECK:         %[[A:.*]] = echo_test.square %{{.*}} : tensor<8x32xf32>
// CHECK:         %[[S:.*]] = echo.stash %[[A]]
// CHECK:         %[[H:.*]], %[[T:.*]] = echo.offload %[[S]]
// CHECK:         echo.prefetch %[[H]] after %[[T]]
// CHECK-LABEL: func.func @train_step
// CHECK:         %[[A:.*]] = echo.gelu %{{.*}} : tensor<8x32xf32>
// CHECK:         %[[S:.*]] = echo.stash %[[A]]
// CHECK:         %[[H:.*]], %[[T:.*]] = echo.offload %[[S]]
// CHECK:         echo.prefetch %[[H]] after %[[T]]

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo_test.square %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo.gelu %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
