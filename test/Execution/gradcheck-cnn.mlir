// Finite-difference gradient check: conv2d (stride 2, padding 1, bias) +
// relu + max_pool2d + reshape + linear + cross_entropy.
// relu and max_pool2d have kinks; a central difference with step 1e-2 that
// crosses one is off by O(step). The graph is kept small enough that no kink
// is crossed for seed 1 (a deeper relu stack does cross some; the smooth
// two-conv stack with conv2d_grad_input is gradcheck-conv-stack.mlir).
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @cnn(%x: tensor<2x3x7x7xf32>, %labels: tensor<2xi32>,
               %w1: tensor<4x3x3x3xf32> {echo.trainable}, %b1: tensor<4xf32> {echo.trainable},
               %fw: tensor<3x16xf32> {echo.trainable}, %fb: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1, %b1 {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x3x7x7xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x4x4xf32>
  %r1 = echo.relu %c1 : tensor<2x4x4x4xf32>
  %p = echo.max_pool2d %r1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x4x4xf32> -> tensor<2x4x2x2xf32>
  %f = echo.reshape %p : tensor<2x4x2x2xf32> -> tensor<2x16xf32>
  %o = echo.linear %f, %fw, %fb : (tensor<2x16xf32>, tensor<3x16xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
