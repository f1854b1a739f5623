// Training: a 16-32-4 relu MLP on one fixed batch of 32 random points with
// random labels in [0, 4). echo-run draws the inputs once per seed and feeds
// the same batch to every step, so the model can memorize it: 300 plain SGD
// steps (lr 0.5) must bring the cross-entropy down by a factor of at least 20
// (measured: about 1.41 -> 0.0096, a factor of about 148).
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.5' | echo-run --iterations 300 --print-loss --seed 0 > %t.log
// RUN: python3 %S/Inputs/check_loss_drop.py 20 --min-iterations 300 < %t.log | FileCheck %s
// CHECK: loss fell from {{[0-9.e+-]+}} to {{[0-9.e+-]+}} (factor {{[0-9.e+-]+}})
// The checker rejects a drop that is too small, and a log without losses.
// RUN: not python3 %S/Inputs/check_loss_drop.py 1e9 < %t.log | FileCheck %s --check-prefix=TOOSMALL
// TOOSMALL: loss check FAILED: loss went from
// RUN: not python3 %S/Inputs/check_loss_drop.py 2 < /dev/null | FileCheck %s --check-prefix=EMPTY
// EMPTY: loss check FAILED: 0 loss lines

func.func @mlp(%x: tensor<32x16xf32>, %labels: tensor<32xi32>,
               %w1: tensor<32x16xf32> {echo.trainable}, %b1: tensor<32xf32> {echo.trainable},
               %w2: tensor<4x32xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<32x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<32x32xf32>
  %r = echo.relu %h : tensor<32x32xf32>
  %o = echo.linear %r, %w2, %b2 : (tensor<32x32xf32>, tensor<4x32xf32>, tensor<4xf32>) -> tensor<32x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<32x4xf32>, tensor<32xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
