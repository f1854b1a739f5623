// Steps echo-data-parallel cannot shard: located errors.
// RUN: echo-opt %s -split-input-file '--echo-data-parallel=ranks=2 shard=optimizer' -verify-diagnostics

// A step without an optimizer has nothing to shard.
// expected-error @+1 {{echo-data-parallel: shard= needs a step with an optimizer (echo-autodiff optimizer=...)}}
func.func @grads_only(%arg0: tensor<4xf32> {echo.trainable}) -> (tensor<f32>, tensor<4xf32>) {
  %0 = echo.reduce mean %arg0 dims [0] : tensor<4xf32> -> tensor<f32>
  %1 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %2 = echo.reduce_grad mean %1 dims [0] : tensor<f32> -> tensor<4xf32>
  return %0, %2 : tensor<f32>, tensor<4xf32>
}

// -----

// Dynamic loss scaling keeps old state through echo.select: not sharded.
// expected-error @+1 {{echo-data-parallel: shard= does not take a step with dynamic loss scaling}}
func.func @scaled(%arg0: tensor<4xf32> {echo.trainable}, %arg1: tensor<2xf32> {echo.optimizer_state}) -> (tensor<f32>, tensor<4xf32> {echo.update_of = 0 : i64}, tensor<2xf32> {echo.update_of = 1 : i64}) {
  %0 = echo.reduce mean %arg0 dims [0] : tensor<4xf32> -> tensor<f32>
  %1 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %2 = echo.reduce_grad mean %1 dims [0] : tensor<f32> -> tensor<4xf32>
  %3 = echo.nonfinite_count %2 : tensor<4xf32> -> tensor<f32>
  %4 = echo.sgd_update %arg0, %2 {lr = 1.000000e-01 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = echo.select %3, %arg0, %4 : tensor<4xf32>
  %6 = echo.loss_scale_update %arg1, %3 {backoff = 5.000000e-01 : f64, growth = 2.000000e+00 : f64, growth_interval = 2000 : i64, init = 6.553600e+04 : f64} : tensor<2xf32>
  return %0, %5, %6 : tensor<f32>, tensor<4xf32>, tensor<2xf32>
}

// -----

// The parameter an update reads must be an argument of the step.
func.func @computed_param(%arg0: tensor<4xf32> {echo.trainable}) -> (tensor<f32>, tensor<4xf32>) {
  %0 = echo.reduce mean %arg0 dims [0] : tensor<4xf32> -> tensor<f32>
  %1 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %2 = echo.reduce_grad mean %1 dims [0] : tensor<f32> -> tensor<4xf32>
  %3 = echo.neg %arg0 : tensor<4xf32>
  // expected-error @+1 {{echo-data-parallel: shard= needs the update's parameter to be an argument}}
  %4 = echo.sgd_update %3, %2 {lr = 1.000000e-01 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %4 : tensor<f32>, tensor<4xf32>
}

// -----

// Optimizer state shared by two updates cannot be cut for one of them.
func.func @shared_state(%arg0: tensor<4xf32> {echo.trainable}, %arg1: tensor<4xf32> {echo.trainable}, %arg2: tensor<4xf32> {echo.optimizer_state}) -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = echo.reduce mean %arg0 dims [0] : tensor<4xf32> -> tensor<f32>
  %1 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %2 = echo.reduce_grad mean %1 dims [0] : tensor<f32> -> tensor<4xf32>
  // expected-error @+1 {{echo-data-parallel: shard= needs each optimizer state to be an argument of this update alone}}
  %3, %4 = echo.sgd_update %arg0, %2, %arg2 {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %5, %6 = echo.sgd_update %arg1, %2, %arg2 {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0, %3, %5 : tensor<f32>, tensor<4xf32>, tensor<4xf32>
}
