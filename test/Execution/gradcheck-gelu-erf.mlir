// Finite-difference gradient check of exact GELU (echo.gelu_erf, x Phi(x)):
// linear + gelu_erf + linear + cross_entropy, with the runtime's kernels and
// with the generated ones. The gradient is echo.gelu_erf_grad on the
// forward input.
// RUN: echo-opt %s --echo-autodiff | FileCheck %s --check-prefix=AD
// AD-LABEL: func.func @train_step(
// AD: %[[H:.+]] = echo.linear
// AD-NEXT: %[[S:.+]] = echo.stash %[[H]]
// AD-NEXT: echo.gelu_erf %[[H]] : tensor<4x6xf32>
// AD: echo.gelu_erf_grad %[[S]], %{{.+}} : tensor<4x6xf32>
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 2 --kernels=generated | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @mlp(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
               %w1: tensor<6x8xf32> {echo.trainable}, %b1: tensor<6xf32> {echo.trainable},
               %w2: tensor<3x6xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %a = echo.gelu_erf %h : tensor<4x6xf32>
  %o = echo.linear %a, %w2 : (tensor<4x6xf32>, tensor<3x6xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
