// Verifier errors of echo.all_reduce.
// RUN: echo-opt %s -split-input-file -verify-diagnostics

func.func @no_ranks(%g: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'ranks' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
  %r = echo.all_reduce mean %g ranks 0 : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @f16(%g: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 32-bit float values}}
  %r = echo.all_reduce mean %g ranks 2 : tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

func.func @max(%g: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [sum, mean]}}
  %r = echo.all_reduce max %g ranks 2 : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @result_type(%g: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'echo.all_reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{'echo.all_reduce' op failed to infer returned types}}
  %r = "echo.all_reduce"(%g) <{kind = 1 : i32, ranks = 2 : i64}> : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @shard_size(%w: tensor<16x8xf32>) -> tensor<42xf32> {
  // expected-error @+2 {{'echo.shard' op inferred type(s) 'tensor<43xf32>' are incompatible with return type(s) of operation 'tensor<42xf32>'}}
  // expected-error @+1 {{'echo.shard' op failed to infer returned types}}
  %p = echo.shard %w ranks 3 : tensor<16x8xf32> -> tensor<42xf32>
  return %p : tensor<42xf32>
}

// -----

func.func @gather_size(%p: tensor<42xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{'echo.all_gather' op input must be one rank's part of the result, 'tensor<43xf32>' for 'tensor<16x8xf32>' over 3 ranks, got 'tensor<42xf32>'}}
  %w = echo.all_gather %p ranks 3 : tensor<42xf32> -> tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}

// -----

func.func @gather_ranks(%p: tensor<43xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{attribute 'ranks' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
  %w = echo.all_gather %p ranks -1 : tensor<43xf32> -> tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}

// -----

func.func @scatter_int(%g: tensor<16xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 32-bit float values}}
  %r = echo.reduce_scatter sum %g ranks 4 : tensor<16xi32> -> tensor<4xi32>
  return %r : tensor<4xi32>
}
