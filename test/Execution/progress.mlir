// echo-run --iterations N reports the iteration, the loss and the time left
// on stderr (EchoDialect/Core/Progress.h) with --progress or to a
// terminal; piped (as here) and by default nothing extra is printed, and
// stdout is the same either way.
// RUN: echo-opt %s --echo-autodiff=optimizer=sgd > %t.step.mlir
// RUN: echo-run %t.step.mlir --seed 1 --iterations 3 --print-loss > %t.quiet.out 2> %t.quiet.err
// RUN: count 0 < %t.quiet.err
// RUN: echo-run %t.step.mlir --seed 1 --iterations 3 --print-loss --progress > %t.progress.out 2> %t.progress.err
// RUN: cmp %t.quiet.out %t.progress.out
// RUN: FileCheck %s < %t.progress.err
// RUN: script -qec "echo-run %t.step.mlir --seed 1 --iterations 3" /dev/null | FileCheck %s --check-prefix=TTY
// RUN: script -qec "echo-run %t.step.mlir --seed 1 --iterations 3 --no-progress" /dev/null | count 0

// The first iteration and the last are always shown (the others at most 4
// times a second).
// CHECK: echo-run: iteration 1/3, loss {{[0-9.e+-]+}}, {{[0-9.]+m?}}s/it, ETA {{[0-9.]+m?}}s
// CHECK: echo-run: iteration 3/3, loss {{[0-9.e+-]+}}, {{[0-9.]+m?}}s/it, {{[0-9.]+m?}}s
// CHECK-NOT: echo-run

// TTY: {{.}}echo-run: iteration 1/3
// TTY: {{.}}echo-run: iteration 3/3, loss

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo.tanh %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
