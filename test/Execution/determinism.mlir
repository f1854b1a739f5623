// Determinism: the same step with the same seed gives bit-identical results,
// run after run and whatever the OpenBLAS thread count; another seed gives
// other results. The graph has conv, batch norm, dropout, embedding-free
// reductions and GEMMs, whose kernels all reduce in a fixed order.
//
// One step returning the loss and the gradients (optimizer=none).
// RUN: echo-opt %s --echo-autodiff > %t.grad.mlir
// RUN: echo-run %t.grad.mlir --seed 3 --dump-results %t.grad.1
// RUN: echo-run %t.grad.mlir --seed 3 --dump-results %t.grad.2
// RUN: cmp %t.grad.1 %t.grad.2
// RUN: env OPENBLAS_NUM_THREADS=1 echo-run %t.grad.mlir --seed 3 --dump-results %t.grad.3
// RUN: env OPENBLAS_NUM_THREADS=4 echo-run %t.grad.mlir --seed 3 --dump-results %t.grad.4
// RUN: cmp %t.grad.1 %t.grad.3
// RUN: cmp %t.grad.1 %t.grad.4
// RUN: echo-run %t.grad.mlir --seed 4 --dump-results %t.grad.seed4
// RUN: not cmp -s %t.grad.1 %t.grad.seed4
//
// The dump holds every result: the loss, then one gradient per trainable
// argument, all finite.
// RUN: python3 %S/Inputs/dump_headers.py %t.grad.1 | FileCheck %s --check-prefix=GRAD
// GRAD: result 0 f32 [] 4 ok finite
// GRAD-NEXT: result 1 f32 [4, 3, 3, 3] 432 ok finite
// GRAD-NEXT: result 2 f32 [4] 16 ok finite
// GRAD-NEXT: result 3 f32 [4] 16 ok finite
// GRAD-NEXT: result 4 f32 [5, 64] 1280 ok finite
// GRAD-NEXT: result 5 f32 [5] 20 ok finite
// GRAD-NOT: result
//
// Thirty Adam steps, each feeding its new parameters and state to the next.
// RUN: echo-opt %s '--echo-autodiff=optimizer=adam lr=0.01' > %t.adam.mlir
// RUN: echo-run %t.adam.mlir --iterations 30 --print-loss --dump-results %t.adam.1 > %t.adam.log1
// RUN: echo-run %t.adam.mlir --iterations 30 --print-loss --dump-results %t.adam.2 > %t.adam.log2
// RUN: cmp %t.adam.1 %t.adam.2
// RUN: cmp %t.adam.log1 %t.adam.log2
// RUN: env OPENBLAS_NUM_THREADS=1 echo-run %t.adam.mlir --iterations 30 --dump-results %t.adam.3
// RUN: cmp %t.adam.1 %t.adam.3
// A different number of steps gives different parameters.
// RUN: echo-run %t.adam.mlir --iterations 29 --dump-results %t.adam.29
// RUN: not cmp -s %t.adam.1 %t.adam.29
//
// Results: loss, 5 new parameters, 5 m, 5 v, the step count, then batch
// norm's new running mean and variance (echo.update_of of %rm and %rv).
// RUN: python3 %S/Inputs/dump_headers.py %t.adam.1 | FileCheck %s --check-prefix=ADAM
// ADAM: result 0 f32 [] 4 ok finite
// ADAM-NEXT: result 1 f32 [4, 3, 3, 3] 432 ok finite
// ADAM: result 15 f32 [5] 20 ok finite
// ADAM-NEXT: result 16 f32 [] 4 ok finite
// ADAM-NEXT: result 17 f32 [4] 16 ok finite
// ADAM-NEXT: result 18 f32 [4] 16 ok finite
// ADAM-NOT: result
// RUN: FileCheck %s --check-prefix=LOG < %t.adam.log1
// LOG: iter 0 loss
// LOG: iter 29 loss

func.func @net(%x: tensor<4x3x8x8xf32>, %labels: tensor<4xi32>,
               %rm: tensor<4xf32>, %rv: tensor<4xf32>,
               %w: tensor<4x3x3x3xf32> {echo.trainable},
               %g: tensor<4xf32> {echo.trainable}, %b: tensor<4xf32> {echo.trainable},
               %fw: tensor<5x64xf32> {echo.trainable}, %fb: tensor<5xf32> {echo.trainable}) -> tensor<f32> {
  %c = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<4x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<4x4x8x8xf32>
  %y, %nm, %nv, %sm, %si = echo.batch_norm %c, %g, %b, %rm, %rv : (tensor<4x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %r = echo.relu %y : tensor<4x4x8x8xf32>
  %p = echo.max_pool2d %r {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<4x4x8x8xf32> -> tensor<4x4x4x4xf32>
  %f = echo.reshape %p : tensor<4x4x4x4xf32> -> tensor<4x64xf32>
  %d, %mask = echo.dropout %f probability 1.000000e-01 seed 11 : tensor<4x64xf32> -> tensor<4x64xf32>, tensor<4x64xi1>
  %o = echo.linear %d, %fw, %fb : (tensor<4x64xf32>, tensor<5x64xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x5xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
