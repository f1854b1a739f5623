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

func.func @f(%x: tensor<2x3xf32>, %labels: tensor<2xi32>,
             %w: tensor<4x3xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %x : tensor<2x3xf32>
  %o = echo.linear %t, %w : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x4xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
