// Training: the MLP of train-mlp.mlir with SGD + momentum (lr 0.1, momentum
// 0.9 by default): the loss on the fixed batch must fall by a factor of at
// least 50 in 300 steps (measured: about 1.41 -> 0.0030, a factor of about 470).
// RUN: echo-opt %s '--echo-autodiff=optimizer=momentum lr=0.1' | echo-run --iterations 300 --print-loss --seed 0 \
// RUN:   | python3 %S/Inputs/check_loss_drop.py 50 --min-iterations 300 | FileCheck %s
// CHECK: loss fell from {{[0-9.e+-]+}} to {{[0-9.e+-]+}} (factor {{[0-9.e+-]+}})

func.func @mlp(%x: tensor<32x16xf32>, %labels: tensor<32xi32>,
               %w1: tensor<32x16xf32> {echo.trainable}, %b1: tensor<32xf32> {echo.trainable},
               %w2: tensor<4x32xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<32x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<32x32xf32>
  %r = echo.relu %h : tensor<32x32xf32>
  %o = echo.linear %r, %w2, %b2 : (tensor<32x32xf32>, tensor<4x32xf32>, tensor<4xf32>) -> tensor<32x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<32x4xf32>, tensor<32xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
