// The runtime copies the element types of echo/offload_types.def (f32,
// encodings, masks, indices): an offload of another type is a located error, and so is a prefetch whose host
// value and token do not come from one offload.
// RUN: echo-opt %s -split-input-file -verify-diagnostics --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"

func.func @half(%y: tensor<16xf16>) -> tensor<16xf16> {
  // expected-error @+2 {{cannot be lowered: no runtime entry @echo_offload* (echo/offload_types.def) copies elements of type 'f16'}}
  // expected-error @+1 {{failed to bufferize op}}
  %h, %t = echo.offload %y : tensor<16xf16>
  %q = echo.prefetch %h after %t : !echo.host<tensor<16xf16>>
  return %q : tensor<16xf16>
}

// -----

func.func @crossed(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %h, %t = echo.offload %x : tensor<4xf32>
  %h2, %t2 = echo.offload %y : tensor<4xf32>
  // expected-error @+2 {{can only be lowered with the host value and token of one echo.offload of the same step}}
  // expected-error @+1 {{failed to bufferize op}}
  %p = echo.prefetch %h after %t2 : !echo.host<tensor<4xf32>>
  %q = echo.prefetch %h2 after %t : !echo.host<tensor<4xf32>>
  return %p : tensor<4xf32>
}
