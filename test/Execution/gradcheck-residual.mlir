// Finite-difference gradient check: residual block with fan-out. %x feeds the
// conv path and the skip add, so its gradient is the sum of both. The
// activations are smooth (tanh), which keeps the central differences away from
// relu kinks; the block is followed by a global mean pool and a classifier on
// a 3-D logits tensor ([B, T, C] with [B, T] labels).
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @residual(%in: tensor<2x3x6x6xf32>, %labels: tensor<2x2xi32>,
                    %w0: tensor<4x3x3x3xf32> {echo.trainable},
                    %w1: tensor<4x4x3x3xf32> {echo.trainable},
                    %w2: tensor<4x4x3x3xf32> {echo.trainable},
                    %fw: tensor<10x2xf32> {echo.trainable}) -> tensor<f32> {
  %x0 = echo.conv2d %in, %w0 {padding = array<i64: 1, 1>} : (tensor<2x3x6x6xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32>
  %x = echo.tanh %x0 : tensor<2x4x6x6xf32>
  %c1 = echo.conv2d %x, %w1 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
  %r1 = echo.tanh %c1 : tensor<2x4x6x6xf32>
  %c2 = echo.conv2d %r1, %w2 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
  %s = echo.add %c2, %x : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  %y = echo.tanh %s : tensor<2x4x6x6xf32>
  %p = echo.reduce mean %y dims [2, 3] : tensor<2x4x6x6xf32> -> tensor<2x4xf32>
  %p3 = echo.reshape %p : tensor<2x4xf32> -> tensor<2x2x2xf32>
  %o = echo.linear %p3, %fw : (tensor<2x2x2xf32>, tensor<10x2xf32>) -> tensor<2x2x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x2x10xf32>, tensor<2x2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
