// A loss that is NaN or infinite is an error naming the iteration (exit
// status 1), unless --allow-nonfinite-loss. Here log reads inputs drawn
// from [-1, 1), so the loss is NaN (or -inf) from the first step.
// RUN: echo-opt %s --echo-autodiff > %t.step.mlir
// RUN: python3 %S/Inputs/exit_code.py echo-run %t.step.mlir --print-loss | FileCheck %s
// CHECK: iter 0 loss {{nan|-inf}}
// CHECK-NEXT: echo-run: the loss of iteration 0 is {{NaN|infinite}} (--allow-nonfinite-loss to keep going)
// CHECK-NEXT: exit code 1
// RUN: echo-run %t.step.mlir --allow-nonfinite-loss --iterations 2 2>&1 | FileCheck %s --check-prefix=ALLOWED
// ALLOWED: warning: @train_step updates no parameter (no result has echo.update_of; was it built with optimizer=none?): every iteration repeats the same step
// ALLOWED-NOT: the loss of iteration

func.func @f(%x: tensor<4xf32>, %w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %m = echo.mul %x, %w : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %g = echo.log %m : tensor<4xf32>
  %l = echo.reduce mean %g dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
