// RUN: echo-opt %s -split-input-file -verify-diagnostics
// Verifier and custom-parser errors of the elementwise, reduction, shape,
// creation and dropout ops.

// Zero-size dimensions are rejected by every echo op (the BoundedTensorSizes
// trait), with a location: a zero batch or a zero contraction size used to
// reach the cost model (division by zero) or train on nothing (NaN loss).
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

// -----

func.func @add_broadcast_incompatible(%x: tensor<4x8xf32>, %y: tensor<3xf32>) {
  // expected-error @+2 {{'echo.add' op shapes [4, 8] and [3] are not broadcast-compatible}}
  // expected-error @+1 {{'echo.add' op failed to infer returned types}}
  %z = echo.add %x, %y : (tensor<4x8xf32>, tensor<3xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @broadcast_to_incompatible(%b: tensor<3xf32>) {
  // expected-error @+1 {{'echo.broadcast_to' op input shape [3] does not broadcast to [4, 8]}}
  %y = echo.broadcast_to %b : tensor<3xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @concat_axis_out_of_range(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+2 {{'echo.concat' op axis 2 is out of range for rank 2}}
  // expected-error @+1 {{'echo.concat' op failed to infer returned types}}
  %c = echo.concat %a, %b axis 2 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @concat_no_inputs_generic() {
  // expected-error @+2 {{'echo.concat' op needs at least one input}}
  // expected-error @+1 {{'echo.concat' op failed to infer returned types}}
  %c = "echo.concat"() {axis = 0 : i64} : () -> tensor<4xf32>
  return
}

// -----

func.func @concat_rank_mismatch(%a: tensor<4x3xf32>, %b: tensor<4x5x1xf32>) {
  // expected-error @+2 {{'echo.concat' op input 1 has rank 3, expected 2}}
  // expected-error @+1 {{'echo.concat' op failed to infer returned types}}
  %c = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<4x5x1xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @concat_shape_mismatch(%a: tensor<4x3xf32>, %b: tensor<5x5xf32>) {
  // expected-error @+2 {{'echo.concat' op input 1 [5, 5] differs from input 0 [4, 3] outside the concatenation axis}}
  // expected-error @+1 {{'echo.concat' op failed to infer returned types}}
  %c = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<5x5xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'echo.constant' op result #0 must be statically shaped tensor}}
  %c = echo.constant dense<1> : tensor<4xi8>
  return
}

// -----

func.func @dropout_grad_negative_probability(%m: tensor<4x8xi1>, %dy: tensor<4x8xf32>) {
  // expected-error @+1 {{'echo.dropout_grad' op probability must be in [0, 1), got -5.000000e-01}}
  %dx = echo.dropout_grad %m, %dy probability -5.000000e-01 : tensor<4x8xi1>, tensor<4x8xf32>
  return
}

// -----

func.func @dropout_mask_not_i1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'echo.dropout' op result #1 must be statically shaped tensor of 1-bit signless integer values}}
  %y, %m = echo.dropout %x probability 1.000000e-01 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xf32>
  return
}

// -----

func.func @dropout_probability_nan(%x: tensor<4x8xf32>) {
  // expected-error @+2 {{'echo.dropout' op probability must be in [0, 1), got nan}}
  // expected-error @+1 {{'echo.dropout' op failed to infer returned types}}
  %y, %m = echo.dropout %x probability 0x7FF8000000000000 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}

// -----

func.func @dropout_probability_one(%x: tensor<4x8xf32>) {
  // expected-error @+2 {{'echo.dropout' op probability must be in [0, 1), got 1}}
  // expected-error @+1 {{'echo.dropout' op failed to infer returned types}}
  %y, %m = echo.dropout %x probability 1.000000e+00 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}

// -----

func.func @dropout_seed_not_integer(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{custom op 'echo.dropout' invalid kind of attribute specified}}
  %y, %m = echo.dropout %x probability 1.000000e-01 seed "seven" : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}

// -----

func.func @fill_value_not_float() {
  // expected-error @+1 {{custom op 'echo.fill' invalid kind of attribute specified}}
  %h = echo.fill "half" : tensor<4x8xf32>
  return
}

// -----

func.func @generic_invalid_properties(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{invalid properties {axis = "a"} for op echo.softmax}}
  %y = "echo.softmax"(%x) <{axis = "a"}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @log_softmax_axis_negative_out_of_range(%x: tensor<8x10xf32>) {
  // expected-error @+1 {{'echo.log_softmax' op axis -3 is out of range for rank 2}}
  %p = echo.log_softmax %x {axis = -3 : i64} : tensor<8x10xf32>
  return
}

// -----

func.func @mul_element_type_mismatch(%x: tensor<4x8xf32>, %y: tensor<8xf16>) {
  // expected-error @+2 {{'echo.mul' op operands and results must share one float element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{'echo.mul' op failed to infer returned types}}
  %z = echo.mul %x, %y : (tensor<4x8xf32>, tensor<8xf16>) -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_dims_duplicate(%x: tensor<4x8xf32>) {
  // expected-error @+2 {{'echo.reduce' op dimension 1 is listed twice}}
  // expected-error @+1 {{'echo.reduce' op failed to infer returned types}}
  %s = echo.reduce sum %x dims [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_dims_out_of_range(%x: tensor<4x8xf32>) {
  // expected-error @+2 {{'echo.reduce' op dimension -1 is out of range for rank 2}}
  // expected-error @+1 {{'echo.reduce' op failed to infer returned types}}
  %s = echo.reduce mean %x dims [-1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_empty_dims(%x: tensor<4xf32>) {
  // expected-error @+2 {{'echo.reduce' op dims must not be empty}}
  // expected-error @+1 {{'echo.reduce' op failed to infer returned types}}
  %y = echo.reduce sum %x dims [] : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_grad_max_kind(%dy: tensor<4xf32>) {
  // expected-error @+1 {{'echo.reduce_grad' op max reductions are differentiated with 'echo.reduce_max_grad'}}
  %dx = echo.reduce_grad max %dy dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_unknown_kind(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{custom op 'echo.reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [sum, mean, max]}}
  %s = echo.reduce prod %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @relu_dynamic_shape(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{'echo.relu' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<?x4xf32>'}}
  %y = echo.relu %x : tensor<?x4xf32>
  return
}

// -----

func.func @relu_on_memref(%x: memref<4x8xf32>) {
  // expected-error @+1 {{custom op 'echo.relu' invalid kind of type specified: expected builtin.tensor, but found 'memref<4x8xf32>'}}
  %y = echo.relu %x : memref<4x8xf32>
  return
}

// -----

func.func @reshape_element_count(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'echo.reshape' op cannot reshape 32 elements [4, 8] into 30 elements [5, 6]}}
  %r = echo.reshape %x : tensor<4x8xf32> -> tensor<5x6xf32>
  return
}

// -----

// The element count INT64_MAX * 2 overflows int64.
func.func @reshape_huge_dims(%x: tensor<9223372036854775807x2xf32>) {
  // expected-error @+1 {{'echo.reshape' op tensor type 'tensor<9223372036854775807x2xf32>' exceeds the 281474976710656-byte size limit}}
  %y = echo.reshape %x : tensor<9223372036854775807x2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @sigmoid_integer_element(%x: tensor<4x8xi32>) {
  // expected-error @+1 {{'echo.sigmoid' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4x8xi32>'}}
  %y = echo.sigmoid %x : tensor<4x8xi32>
  return
}

// -----

func.func @slice_negative_stride(%x: tensor<8x1024xf32>) {
  // expected-error @+1 {{'echo.slice' op strides must be >= 1, got [1, -2]}}
  %s = echo.slice %x offsets [0, 512] strides [1, -2] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

func.func @slice_offsets_wrong_syntax(%x: tensor<8x1024xf32>) {
  // expected-error @+1 {{expected '['}}
  %s = echo.slice %x offsets 0 : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

func.func @slice_out_of_bounds(%x: tensor<8x1024xf32>) {
  // expected-error @+1 {{'echo.slice' op slice reads past the end of dimension 1 (size 1024)}}
  %s = echo.slice %x offsets [0, 769] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

// offset + (size - 1) * stride overflows int64 and wraps to a negative
// "last index"; the verifier must still report the out-of-bounds read.
func.func @slice_stride_overflow(%x: tensor<8xf32>) {
  // expected-error @+1 {{'echo.slice' op slice reads}}
  %y = echo.slice %x offsets [0] strides [4611686018427387904] : tensor<8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @softmax_axis_float_attr(%x: tensor<8x10xf32>) {
  // expected-error @+1 {{'echo.softmax' op attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute}}
  %p = echo.softmax %x {axis = 1.0 : f32} : tensor<8x10xf32>
  return
}

// -----

// -rank must not overflow for axis = INT64_MIN.
func.func @softmax_axis_int64_min(%x: tensor<8x10xf32>) {
  // expected-error @+1 {{'echo.softmax' op axis -9223372036854775808 is out of range for rank 2}}
  %p = echo.softmax %x {axis = -9223372036854775808 : i64} : tensor<8x10xf32>
  return
}

// -----

func.func @softmax_axis_out_of_range(%x: tensor<8x10xf32>) {
  // expected-error @+1 {{'echo.softmax' op axis 2 is out of range for rank 2}}
  %p = echo.softmax %x {axis = 2 : i64} : tensor<8x10xf32>
  return
}

// -----

func.func @split_axis_out_of_range(%x: tensor<8x1024xf32>) {
  // expected-error @+1 {{'echo.split' op axis 5 is out of range for rank 2}}
  %a, %b = echo.split %x axis 5 : tensor<8x1024xf32> -> tensor<8x512xf32>, tensor<8x512xf32>
  return
}

// -----

func.func @split_no_results_generic(%x: tensor<4xf32>) {
  // expected-error @+1 {{'echo.split' op needs at least one result}}
  "echo.split"(%x) {axis = 0 : i64} : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @split_sizes_mismatch(%x: tensor<8x1024xf32>) {
  // expected-error @+1 {{'echo.split' op input shape [8, 1024] does not match the expected [8, 768]}}
  %a, %b, %c = echo.split %x axis 1 : tensor<8x1024xf32> -> tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>
  return
}

// -----

func.func @tanh_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{custom op 'echo.tanh' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %y = echo.tanh %x : tensor<*xf32>
  return
}

// -----

func.func @transpose_bad_permutation(%x: tensor<4x8xf32>) {
  // expected-error @+2 {{'echo.transpose' op [0, 0] is not a permutation of [0, 2)}}
  // expected-error @+1 {{'echo.transpose' op failed to infer returned types}}
  %t = echo.transpose %x permutation [0, 0] : tensor<4x8xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @transpose_permutation_length(%x: tensor<4x8xf32>) {
  // expected-error @+2 {{'echo.transpose' op permutation [2, 1, 0] must have 2 entries}}
  // expected-error @+1 {{'echo.transpose' op failed to infer returned types}}
  %t = echo.transpose %x permutation [2, 1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @zeros_unranked() {
  // expected-error @+1 {{custom op 'echo.zeros' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %z = echo.zeros : tensor<*xf32>
  return
}
