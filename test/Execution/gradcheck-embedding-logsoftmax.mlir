// Finite-difference gradient check: embedding (indices repeat, so the table
// gradient scatter-adds) + linear + log_softmax + a data-weighted reduce mean
// to the scalar loss, plus log_softmax along a non-last axis.
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @emb(%ids: tensor<3x4xi32>, %wts: tensor<3x4x5xf32>,
               %table: tensor<6x5xf32> {echo.trainable},
               %w: tensor<5x5xf32> {echo.trainable}) -> tensor<f32> {
  %e = echo.embedding %table, %ids : (tensor<6x5xf32>, tensor<3x4xi32>) -> tensor<3x4x5xf32>
  %h = echo.linear %e, %w : (tensor<3x4x5xf32>, tensor<5x5xf32>) -> tensor<3x4x5xf32>
  %lp = echo.log_softmax %h : tensor<3x4x5xf32>
  %lp1 = echo.log_softmax %h {axis = 1 : i64} : tensor<3x4x5xf32>
  %s = echo.add %lp, %lp1 : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %m = echo.mul %s, %wts : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %l = echo.reduce mean %m dims [0, 1, 2] : tensor<3x4x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}
