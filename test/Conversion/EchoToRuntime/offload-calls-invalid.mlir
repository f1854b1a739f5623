// The runtime copies every element type of an echo tensor
// (echo/offload_types.def: f32, f16, bf16, encodings, masks, indices;
// offload-calls-16bit.mlir); a prefetch whose host value and token do not
// come from one offload is a located error.
// RUN: echo-opt %s -split-input-file -verify-diagnostics --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"

func.func @crossed(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %h, %t = echo.offload %x : tensor<4xf32>
  %h2, %t2 = echo.offload %y : tensor<4xf32>
  // expected-error @+2 {{can only be lowered with the host value and token of one echo.offload of the same step}}
  // expected-error @+1 {{failed to bufferize op}}
  %p = echo.prefetch %h after %t2 : !echo.host<tensor<4xf32>>
  %q = echo.prefetch %h2 after %t : !echo.host<tensor<4xf32>>
  return %p : tensor<4xf32>
}
