// Finite-difference gradient check: an LSTM cell unrolled over 3 steps, all
// steps sharing one weight and bias (linear on concat, split into 4 gates,
// sigmoid/tanh, mul/add), then a classifier on the last hidden state. The
// weight gradient is the sum of the three per-step gradients.
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @lstm(%x0: tensor<2x3xf32>, %x1: tensor<2x3xf32>, %x2: tensor<2x3xf32>,
                %h0: tensor<2x4xf32>, %c0: tensor<2x4xf32>, %labels: tensor<2xi32>,
                %w: tensor<16x7xf32> {echo.trainable}, %b: tensor<16xf32> {echo.trainable},
                %wo: tensor<5x4xf32> {echo.trainable}) -> tensor<f32> {
  %xh0 = echo.concat %x0, %h0 axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %z0 = echo.linear %xh0, %w, %b : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  %i0p, %f0p, %g0p, %o0p = echo.split %z0 axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %i0 = echo.sigmoid %i0p : tensor<2x4xf32>
  %f0 = echo.sigmoid %f0p : tensor<2x4xf32>
  %g0 = echo.tanh %g0p : tensor<2x4xf32>
  %o0 = echo.sigmoid %o0p : tensor<2x4xf32>
  %fc0 = echo.mul %f0, %c0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %ig0 = echo.mul %i0, %g0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c1 = echo.add %fc0, %ig0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %tc1 = echo.tanh %c1 : tensor<2x4xf32>
  %h1 = echo.mul %o0, %tc1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>

  %xh1 = echo.concat %x1, %h1 axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %z1 = echo.linear %xh1, %w, %b : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  %i1p, %f1p, %g1p, %o1p = echo.split %z1 axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %i1 = echo.sigmoid %i1p : tensor<2x4xf32>
  %f1 = echo.sigmoid %f1p : tensor<2x4xf32>
  %g1 = echo.tanh %g1p : tensor<2x4xf32>
  %o1 = echo.sigmoid %o1p : tensor<2x4xf32>
  %fc1 = echo.mul %f1, %c1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %ig1 = echo.mul %i1, %g1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c2 = echo.add %fc1, %ig1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %tc2 = echo.tanh %c2 : tensor<2x4xf32>
  %h2 = echo.mul %o1, %tc2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>

  %xh2 = echo.concat %x2, %h2 axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %z2 = echo.linear %xh2, %w, %b : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  %i2p, %f2p, %g2p, %o2p = echo.split %z2 axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %i2 = echo.sigmoid %i2p : tensor<2x4xf32>
  %f2 = echo.sigmoid %f2p : tensor<2x4xf32>
  %g2 = echo.tanh %g2p : tensor<2x4xf32>
  %o2 = echo.sigmoid %o2p : tensor<2x4xf32>
  %fc2 = echo.mul %f2, %c2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %ig2 = echo.mul %i2, %g2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c3 = echo.add %fc2, %ig2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %tc3 = echo.tanh %c3 : tensor<2x4xf32>
  %h3 = echo.mul %o2, %tc3 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>

  %logits = echo.linear %h3, %wo : (tensor<2x4xf32>, tensor<5x4xf32>) -> tensor<2x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<2x5xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
