// Finite-difference gradient check: two stacked convolutions (so the second
// one needs conv2d_grad_input), the first with stride 2 and padding 1, the
// second with a 2x2 kernel and padding 1, a grouped and dilated third one
// and a 1x1 convolution (direct path), with smooth activations (tanh, sigmoid)
// and max_pool2d with padding, then linear + cross_entropy.
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @convs(%x: tensor<2x3x9x9xf32>, %labels: tensor<2xi32>,
                 %w1: tensor<4x3x3x3xf32> {echo.trainable}, %b1: tensor<4xf32> {echo.trainable},
                 %w2: tensor<4x4x2x2xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable},
                 %w3: tensor<4x2x2x2xf32> {echo.trainable},
                 %w4: tensor<5x4x1x1xf32> {echo.trainable}, %b4: tensor<5xf32> {echo.trainable},
                 %fw: tensor<3x20xf32> {echo.trainable}, %fb: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1, %b1 {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x5x5xf32>
  %r1 = echo.tanh %c1 : tensor<2x4x5x5xf32>
  %c2 = echo.conv2d %r1, %w2, %b2 {padding = array<i64: 1, 1>} : (tensor<2x4x5x5xf32>, tensor<4x4x2x2xf32>, tensor<4xf32>) -> tensor<2x4x6x6xf32>
  %r2 = echo.tanh %c2 : tensor<2x4x6x6xf32>
  %c3 = echo.conv2d %r2, %w3 {padding = array<i64: 1, 1>, dilation = array<i64: 2, 2>, groups = 2 : i64} : (tensor<2x4x6x6xf32>, tensor<4x2x2x2xf32>) -> tensor<2x4x6x6xf32>
  %r3 = echo.sigmoid %c3 : tensor<2x4x6x6xf32>
  %c4 = echo.conv2d %r3, %w4, %b4 : (tensor<2x4x6x6xf32>, tensor<5x4x1x1xf32>, tensor<5xf32>) -> tensor<2x5x6x6xf32>
  %p = echo.max_pool2d %c4 {kernel = array<i64: 3, 3>, stride = array<i64: 3, 3>, padding = array<i64: 1, 1>} : tensor<2x5x6x6xf32> -> tensor<2x5x2x2xf32>
  %f = echo.reshape %p : tensor<2x5x2x2xf32> -> tensor<2x20xf32>
  %o = echo.linear %f, %fw, %fb : (tensor<2x20xf32>, tensor<3x20xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
