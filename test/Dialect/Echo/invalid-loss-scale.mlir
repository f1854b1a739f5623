// The dynamic loss scaling ops' verifiers.
// RUN: echo-opt %s -split-input-file -verify-diagnostics

func.func @count_f16(%g: tensor<4xf16>) -> tensor<f32> {
  // expected-error@+1 {{operand #0 must be statically shaped tensor of 32-bit float values, but got 'tensor<4xf16>'}}
  %n = echo.nonfinite_count %g : tensor<4xf16> -> tensor<f32>
  return %n : tensor<f32>
}

// -----

func.func @count_result(%g: tensor<4xf32>) -> tensor<1xf32> {
  // expected-error@+1 {{'echo.nonfinite_count' op result #0 must be 0D tensor of 32-bit float values, but got 'tensor<1xf32>'}}
  %n = echo.nonfinite_count %g : tensor<4xf32> -> tensor<1xf32>
  return %n : tensor<1xf32>
}

// -----

func.func @select_bf16(%n: tensor<f32>, %a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error@+1 {{operand #1 must be statically shaped tensor of 32-bit float values, but got 'tensor<4xbf16>'}}
  %r = echo.select %n, %a, %b : tensor<4xbf16>
  return %r : tensor<4xbf16>
}

// -----

func.func @select_types(%n: tensor<f32>, %a: tensor<4xf32>, %b: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'echo.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %r = "echo.select"(%n, %a, %b) : (tensor<f32>, tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @select_pred(%n: tensor<1xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'echo.select' op operand #0 must be 0D tensor of 32-bit float values}}
  %r = "echo.select"(%n, %a, %b) : (tensor<1xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @state_shape(%s: tensor<3xf32>, %n: tensor<f32>) -> tensor<3xf32> {
  // expected-error@+1 {{'echo.loss_scale_update' op state must be tensor<2xf32> ([scale, good steps]), got 'tensor<3xf32>'}}
  %r = echo.loss_scale_update %s, %n {backoff = 5.0e-01 : f64, growth = 2.0 : f64, growth_interval = 10 : i64, init = 1.0 : f64} : tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

func.func @interval(%s: tensor<2xf32>, %n: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{'echo.loss_scale_update' op growth_interval must be at least 1, got 0}}
  %r = echo.loss_scale_update %s, %n {backoff = 5.0e-01 : f64, growth = 2.0 : f64, growth_interval = 0 : i64, init = 1.0 : f64} : tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @growth(%s: tensor<2xf32>, %n: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{'echo.loss_scale_update' op growth must be a finite factor above 1, got 1.000000e+00}}
  %r = echo.loss_scale_update %s, %n {backoff = 5.0e-01 : f64, growth = 1.0 : f64, growth_interval = 10 : i64, init = 1.0 : f64} : tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @backoff(%s: tensor<2xf32>, %n: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{'echo.loss_scale_update' op backoff must lie in (0, 1), got 1.000000e+00}}
  %r = echo.loss_scale_update %s, %n {backoff = 1.0 : f64, growth = 2.0 : f64, growth_interval = 10 : i64, init = 1.0 : f64} : tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @init(%s: tensor<2xf32>, %n: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{'echo.loss_scale_update' op init must be a positive scale finite in f32, got 1.000000e+40}}
  %r = echo.loss_scale_update %s, %n {backoff = 5.0e-01 : f64, growth = 2.0 : f64, growth_interval = 10 : i64, init = 1.0e40 : f64} : tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @state_f16(%s: tensor<2xf16>, %n: tensor<f32>) -> tensor<2xf16> {
  // expected-error@+1 {{'echo.loss_scale_update' op state must be tensor<2xf32> ([scale, good steps]), got 'tensor<2xf16>'}}
  %r = echo.loss_scale_update %s, %n {backoff = 5.0e-01 : f64, growth = 2.0 : f64, growth_interval = 10 : i64, init = 1.0 : f64} : tensor<2xf16>
  return %r : tensor<2xf16>
}
