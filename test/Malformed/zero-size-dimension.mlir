// Zero-size dimensions are rejected by every echo op (the BoundedTensorSizes
// trait), with a location: a zero batch or a zero contraction size used to
// reach the cost model (division by zero) or train on nothing (NaN loss).
// RUN: echo-opt %s --split-input-file -verify-diagnostics

func.func @zero_contraction(%x: tensor<2x0xf32>, %w: tensor<3x0xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'echo.linear' op tensor type 'tensor<2x0xf32>' has size 0 in dimension 1; echo tensors have at least one element per dimension}}
  %y = echo.linear %x, %w : (tensor<2x0xf32>, tensor<3x0xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @zero_batch(%x: tensor<0x4xf32>) -> tensor<0x4xf32> {
  // expected-error @+1 {{'echo.relu' op tensor type 'tensor<0x4xf32>' has size 0 in dimension 0}}
  %y = echo.relu %x : tensor<0x4xf32>
  return %y : tensor<0x4xf32>
}
