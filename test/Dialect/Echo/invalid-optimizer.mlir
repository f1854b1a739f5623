// RUN: echo-opt %s -split-input-file -verify-diagnostics
// Verifier and parser errors of the optimizer update ops (echo.sgd_update,
// echo.adam_update).

func.func @adam_beta1_one(%p: tensor<16xf32>, %g: tensor<16xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>, %t: tensor<f32>) {
  // expected-error @+1 {{'echo.adam_update' op beta1 and beta2 must be in [0, 1), got 1}}
  %p1, %m1, %v1 = echo.adam_update %p, %g, %m, %v, %t {lr = 1.000000e-03 : f64, beta1 = 1.0 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @adam_param_type_mismatch(%p: tensor<16xf32>, %g: tensor<8xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>, %t: tensor<f32>) {
  // expected-error @+1 {{'echo.adam_update' op every operand and result must have the parameter type 'tensor<16xf32>', got 'tensor<8xf32>'}}
  %p1, %m1, %v1 = echo.adam_update %p, %g, %m, %v, %t {lr = 1.000000e-03 : f64} : (tensor<16xf32>, tensor<8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @generic_missing_operand(%p: tensor<16xf32>) {
  // expected-error @+1 {{'echo.sgd_update' op expected 2 or more operands, but found 1}}
  %y = "echo.sgd_update"(%p) <{lr = 1.0 : f64}> : (tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @sgd_lr_wrong_attr_type(%p: tensor<16xf32>, %g: tensor<16xf32>) {
  // expected-error @+1 {{'echo.sgd_update' op attribute 'lr' failed to satisfy constraint: 64-bit float attribute}}
  %p1 = echo.sgd_update %p, %g {lr = 1 : i64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @sgd_momentum_without_velocity(%p: tensor<16xf32>, %g: tensor<16xf32>) {
  // expected-error @+1 {{'echo.sgd_update' op momentum > 0 requires a velocity buffer}}
  %p1 = echo.sgd_update %p, %g {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @sgd_negative_lr(%p: tensor<16xf32>, %g: tensor<16xf32>) {
  // expected-error @+1 {{'echo.sgd_update' op lr must be positive}}
  %p1 = echo.sgd_update %p, %g {lr = -1.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}
