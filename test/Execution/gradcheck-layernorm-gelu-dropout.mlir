// Finite-difference gradient check: linear + layer_norm (trainable gamma and
// beta) + gelu + dropout + linear + cross_entropy. The dropout mask is a pure
// function of the seed attribute and the element index, so every evaluation
// of the loss uses the same mask and the loss is differentiable.
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @ln(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
              %w1: tensor<6x8xf32> {echo.trainable}, %b1: tensor<6xf32> {echo.trainable},
              %g: tensor<6xf32> {echo.trainable}, %beta: tensor<6xf32> {echo.trainable},
              %w2: tensor<3x6xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %n, %mean, %rstd = echo.layer_norm %h, %g, %beta : (tensor<4x6xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4xf32>, tensor<4xf32>)
  %a = echo.gelu %n : tensor<4x6xf32>
  %d, %mask = echo.dropout %a probability 2.500000e-01 seed 7 : tensor<4x6xf32> -> tensor<4x6xf32>, tensor<4x6xi1>
  %o = echo.linear %d, %w2 : (tensor<4x6xf32>, tensor<3x6xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
