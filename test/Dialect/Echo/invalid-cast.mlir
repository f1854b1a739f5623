// echo.cast: same shape, float element types that differ.
// RUN: echo-opt %s -split-input-file -verify-diagnostics

func.func @shape_mismatch(%x: tensor<4x8xf32>) -> tensor<8x4xbf16> {
  // expected-error@+1 {{'echo.cast' op input shape [4, 8] must equal result shape [8, 4]}}
  %0 = echo.cast %x : tensor<4x8xf32> -> tensor<8x4xbf16>
  return %0 : tensor<8x4xbf16>
}

// -----

func.func @same_type(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error@+1 {{'echo.cast' op converts 'bf16' to itself}}
  %0 = echo.cast %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @integer(%x: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{'echo.cast' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values}}
  %0 = echo.cast %x : tensor<4xi32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f64(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{'echo.cast' op result #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values}}
  %0 = echo.cast %x : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Ops other than echo.cast keep one float element type.
func.func @mixed(%x: tensor<2x3xbf16>, %w: tensor<4x3xf32>) -> tensor<2x4xbf16> {
  // expected-error@+2 {{'echo.linear' op operands and results must share one float element type, got 'bf16' and 'f32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<2x3xbf16>, tensor<4x3xf32>) -> tensor<2x4xbf16>
  return %y : tensor<2x4xbf16>
}
