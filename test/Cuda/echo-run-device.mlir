// echo-run --backend=cuda on a machine with a GPU: the same training steps
// as on the CPU backend, with losses within a relative 1e-4 (cuBLAS and
// libdevice differ from OpenBLAS and libm in the last bits), and
// bit-identical from run to run.
//
// REQUIRES: cuda-device
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t.step.mlir
// RUN: echo-run %t.step.mlir --backend=cpu --iterations 20 --print-loss --seed 1 > %t.cpu
// RUN: echo-run %t.step.mlir --backend=cuda --iterations 20 --print-loss --seed 1 > %t.cuda1
// RUN: echo-run %t.step.mlir --backend=cuda --iterations 20 --print-loss --seed 1 > %t.cuda2
// RUN: cmp %t.cuda1 %t.cuda2
// RUN: python3 %S/Inputs/compare_losses.py 1e-4 %t.cpu %t.cuda1 | FileCheck %s
// CHECK: 20 losses agree within 0.0001

func.func @mlp(%x: tensor<8x6xf32>, %labels: tensor<8xi32>,
               %w: tensor<3x6xf32> {echo.trainable}, %b: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %o = echo.linear %x, %w, %b : (tensor<8x6xf32>, tensor<3x6xf32>, tensor<3xf32>) -> tensor<8x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x3xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
