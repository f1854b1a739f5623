// `--check-gradients` alone means 3 directions (the README's example); a
// value that is not a positive count is an error, not a silent default.
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients | FileCheck %s
// RUN: echo-opt %s --echo-autodiff | not echo-run --check-gradients=x 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: echo-opt %s --echo-autodiff | not echo-run --check-gradients=0 2>&1 | FileCheck %s --check-prefix=ZERO
// CHECK: gradient check: direction 0
// CHECK: gradient check: direction 2
// CHECK-NOT: gradient check: direction 3
// CHECK: gradient check passed
// BAD: echo-run: --check-gradients expects a positive number of directions, got 'x'
// ZERO: echo-run: --check-gradients expects a positive number of directions, got '0'
// A bound that passes everything, or a step with an optimizer (its results
// are the updated parameters, shaped like the gradients), is refused with
// what to do instead, not checked and "FAILED".
// RUN: echo-opt %s --echo-autodiff | not echo-run --check-gradients --gradient-tolerance=1e309 2>&1 | FileCheck %s --check-prefix=INF
// INF: echo-run: --gradient-tolerance must be a finite number > 0, got inf
// RUN: echo-opt %s --echo-autodiff | not echo-run --check-gradients --gradient-tolerance=0 2>&1 | FileCheck %s --check-prefix=TOL0
// TOL0: echo-run: --gradient-tolerance must be a finite number > 0, got 0.000000
// RUN: echo-opt %s --echo-autodiff | not echo-run --check-gradients --gradient-epsilon=-1 2>&1 | FileCheck %s --check-prefix=EPS
// EPS: echo-run: --gradient-epsilon must be a finite number > 0, got -1.000000
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' | not echo-run --check-gradients 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: echo-run: --check-gradients needs the loss and the gradients: @train_step is a training step whose results update its arguments (echo.update_of); build the checkable form with echo-autodiff without an optimizer (optimizer=none, the default)

func.func @f(%x: tensor<2x3xf32>, %labels: tensor<2xi32>,
             %w: tensor<4x3xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %x : tensor<2x3xf32>
  %o = echo.linear %t, %w : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x4xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
