// --check-gradients gives no false failure where the default step crosses
// ReLU kinks: the MLP below failed at step 1e-2 (relative error 7.8e-2 on
// direction 0); the check now tries steps from 1e-2 down by halves and keeps
// the closest central difference. A wrong gradient still fails: the second
// step computes d relu(x w) with the tanh rule.
// RUN: echo-models mlp --batch 2 --hidden 8 | echo-opt --echo-autodiff | echo-run --check-gradients | FileCheck %s
// CHECK: gradient check: direction 0 {{.*}} ok
// CHECK: gradient check passed
// RUN: python3 %S/Inputs/exit_code.py echo-run %s --check-gradients | FileCheck %s --check-prefix=WRONG
// WRONG: gradient check: direction 0 {{.*}} FAIL
// WRONG: gradient check FAILED
// WRONG: exit code 1

// loss = mean(relu(x w^T)); the gradient uses tanh_grad where relu_grad
// belongs.
func.func @train_step(%x: tensor<4x3xf32>, %w: tensor<5x3xf32> {echo.trainable})
    -> (tensor<f32>, tensor<5x3xf32>) {
  %y = echo.linear %x, %w : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
  %r = echo.relu %y : tensor<4x5xf32>
  %l = echo.reduce mean %r dims [0, 1] : tensor<4x5xf32> -> tensor<f32>
  %one = echo.fill 1.0 : tensor<f32>
  %dr = echo.reduce_grad mean %one dims [0, 1] : tensor<f32> -> tensor<4x5xf32>
  %dy = echo.tanh_grad %r, %dr : tensor<4x5xf32>
  %dw = echo.linear_grad_weight %dy, %x : (tensor<4x5xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %l, %dw : tensor<f32>, tensor<5x3xf32>
}
