// --math=tf32 on the CPU backend: the step asks for TF32 math
// (echo_step_set_math), which the CPU backend accepts and ignores, so its
// results are bit-identical to the default IEEE step's. The step has every
// heavy op the mode concerns on a GPU: convolution (forward, backward data
// and filter) and linear layers (GEMMs), over two SGD iterations.
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t.step.mlir
// RUN: echo-run %t.step.mlir --no-cache --iterations 2 --print-loss --dump-results %t.ieee > %t.ieee.loss
// RUN: echo-run %t.step.mlir --no-cache --iterations 2 --print-loss --math=tf32 --dump-results %t.tf32 > %t.tf32.loss
// RUN: cmp %t.ieee %t.tf32
// RUN: cmp %t.ieee.loss %t.tf32.loss
// RUN: FileCheck %s --check-prefix=LOSS < %t.tf32.loss
// LOSS: iter 0 loss
// LOSS: iter 1 loss
//
// The TF32 step does call it, right after echo_step_begin; the default step
// does not.
// RUN: echo-opt %t.step.mlir '--echo-lower-to-cpu=math=tf32' | FileCheck %s --check-prefix=TF32
// TF32: llvm.call @echo_step_begin(
// TF32-NEXT: llvm.call @echo_step_set_math(
// TF32: llvm.call @echo_conv2d(
// TF32-DAG: llvm.call @echo_conv2d_grad_input(
// TF32-DAG: llvm.call @echo_conv2d_grad_weight(
// RUN: echo-opt %t.step.mlir --echo-lower-to-cpu | FileCheck %s --check-prefix=IEEE --implicit-check-not=echo_step_set_math
// IEEE: llvm.call @echo_step_begin(
// IEEE: llvm.call @echo_conv2d(
//
// echo-run and echo-compile reject an unknown mode.
// RUN: not echo-run %t.step.mlir --math=fp16 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not echo-compile %t.step.mlir --math=fp16 -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: Cannot find option named 'fp16'
// echo-compile takes the mode once, for either target.
// RUN: not echo-compile %t.step.mlir --target=cuda --math=tf32 '--cuda-options=math=ieee' -o %t.o 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: echo-compile: --math and --cuda-options='math=...' both set the math mode; give it once

func.func @cnn(%x: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
               %k1: tensor<4x3x3x3xf32> {echo.trainable},
               %k2: tensor<4x4x3x3xf32> {echo.trainable},
               %w: tensor<5x64xf32> {echo.trainable},
               %b: tensor<5xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %k1 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %r1 = echo.relu %c1 : tensor<2x4x8x8xf32>
  %c2 = echo.conv2d %r1, %k2 {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x4x4xf32>
  %r2 = echo.relu %c2 : tensor<2x4x4x4xf32>
  %f = echo.reshape %r2 : tensor<2x4x4x4xf32> -> tensor<2x64xf32>
  %o = echo.linear %f, %w, %b : (tensor<2x64xf32>, tensor<5x64xf32>, tensor<5xf32>) -> tensor<2x5xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x5xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
