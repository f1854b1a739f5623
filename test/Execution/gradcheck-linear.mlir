// Finite-difference gradient check: linear layer with bias + cross_entropy.
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @linear(%x: tensor<4x5xf32>, %labels: tensor<4xi32>,
                  %w: tensor<3x5xf32> {echo.trainable},
                  %b: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w, %b : (tensor<4x5xf32>, tensor<3x5xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
