// The lowering only emits calls that match an entry of the runtime ABI: an
// element type the runtime does not implement is a located error, not a
// kernel reading f16 data as f32.
// RUN: echo-opt %s --split-input-file -verify-diagnostics --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"

func.func @half(%x: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error @+2 {{failed to bufferize op}}
  // expected-error @+1 {{'echo.relu' op cannot lower to runtime entry @echo_unary: parameter 'x' takes an f32 tensor, got elements of type 'f16'}}
  %r = echo.relu %x : tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

func.func @reshape_bf16(%m: tensor<2x3xbf16>) -> tensor<6xbf16> {
  // expected-error @+2 {{failed to bufferize op}}
  // expected-error @+1 {{'echo.reshape' op cannot lower to runtime entry @echo_copy: parameter 'x' takes an f32 tensor, got elements of type 'bf16'}}
  %r = echo.reshape %m : tensor<2x3xbf16> -> tensor<6xbf16>
  return %r : tensor<6xbf16>
}
