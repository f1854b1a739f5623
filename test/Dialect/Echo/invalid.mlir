// RUN: echo-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// ODS constraints shared by every op
//===----------------------------------------------------------------------===//

func.func @float_op_on_integers(%a: tensor<4xi32>) {
  // expected-error@+1 {{operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4xi32>'}}
  %r = echo.relu %a : tensor<4xi32>
  return
}

// -----

func.func @dynamic_shape(%a: tensor<?x8xf32>) {
  // expected-error@+1 {{operand #0 must be statically shaped tensor}}
  %r = echo.sigmoid %a : tensor<?x8xf32>
  return
}

// -----

func.func @unary_type_mismatch(%a: tensor<4xf32>) {
  // expected-error@+1 {{requires the same type for all operands and results}}
  %r = "echo.exp"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @zeros_of_integers() {
  // expected-error@+1 {{result #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4xi32>'}}
  %z = echo.zeros : tensor<4xi32>
  return
}

// -----

func.func @constant_f64() {
  // expected-error@+1 {{result #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type or 1-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4xf64>'}}
  %c = echo.constant dense<1.0> : tensor<4xf64>
  return
}

// -----

// Every tensor an echo op touches is at most 2^48 bytes (here 2^48 + 4).
func.func @tensor_too_large(%a: tensor<70368744177665xf32>) {
  // expected-error@+1 {{tensor type 'tensor<70368744177665xf32>' exceeds the 281474976710656-byte size limit}}
  %r = echo.relu %a : tensor<70368744177665xf32>
  return
}

// -----

// The size limit also applies to the tensor inside !echo.host.
// expected-error@+1 {{host tensor 'tensor<70368744177665xf32>' exceeds the 281474976710656-byte size limit}}
func.func @host_tensor_too_large(%h: !echo.host<tensor<70368744177665xf32>>, %t: !echo.token) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.linear
//===----------------------------------------------------------------------===//

func.func @linear_too_many_operands(%x: tensor<32x784xf32>, %w: tensor<256x784xf32>, %b: tensor<256xf32>) {
  // expected-error@+1 {{operand group starting at #2 requires 0 or 1 element, but found 2}}
  %y = "echo.linear"(%x, %w, %b, %b) : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<256xf32>, tensor<256xf32>) -> tensor<32x256xf32>
  return
}

// -----

func.func @linear_element_types(%x: tensor<32x784xf32>, %w: tensor<256x784xf16>) {
  // expected-error@+2 {{operands and results must share one float element type, got 'f32' and 'f16'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<32x784xf32>, tensor<256x784xf16>) -> tensor<32x256xf32>
  return
}

// -----

func.func @linear_scalar_input(%x: tensor<f32>, %w: tensor<256x784xf32>) {
  // expected-error@+2 {{input must have rank >= 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<f32>, tensor<256x784xf32>) -> tensor<256xf32>
  return
}

// -----

func.func @linear_weight_rank(%x: tensor<32x784xf32>, %w: tensor<256x784x1xf32>) {
  // expected-error@+2 {{weight must have rank 2 ([out, in]), got rank 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<32x784xf32>, tensor<256x784x1xf32>) -> tensor<32x256xf32>
  return
}

// -----

func.func @linear_feature_size(%x: tensor<32x784xf32>, %w: tensor<256x780xf32>) {
  // expected-error@+2 {{input feature size 784 does not match weight [256, 780]}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<32x784xf32>, tensor<256x780xf32>) -> tensor<32x256xf32>
  return
}

// -----

func.func @linear_bias(%x: tensor<32x784xf32>, %w: tensor<256x784xf32>, %b: tensor<128xf32>) {
  // expected-error@+2 {{bias must be [256], got [128]}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = echo.linear %x, %w, %b : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<128xf32>) -> tensor<32x256xf32>
  return
}

// -----

func.func @linear_result(%x: tensor<4x32x784xf32>, %w: tensor<256x784xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x32x256xf32>' are incompatible with return type(s) of operation 'tensor<32x256xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<4x32x784xf32>, tensor<256x784xf32>) -> tensor<32x256xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.matmul, echo.batch_matmul
//===----------------------------------------------------------------------===//

func.func @matmul_rank(%a: tensor<2x8x16xf32>, %b: tensor<2x16x4xf32>) {
  // expected-error@+2 {{operands must have rank 2, got 'tensor<2x8x16xf32>' and 'tensor<2x16x4xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.matmul %a, %b : (tensor<2x8x16xf32>, tensor<2x16x4xf32>) -> tensor<2x8x4xf32>
  return
}

// -----

func.func @matmul_contraction(%a: tensor<8x16xf32>, %b: tensor<8x4xf32>) {
  // expected-error@+2 {{contraction sizes differ: 16 vs 8}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.matmul %a, %b : (tensor<8x16xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

// With transpose_rhs the contraction dimension of rhs is its last one.
func.func @matmul_contraction_transposed(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) {
  // expected-error@+2 {{contraction sizes differ: 16 vs 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.matmul %a, %b transpose_rhs : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x16xf32>
  return
}

// -----

func.func @matmul_result(%a: tensor<16x8xf32>, %b: tensor<16x4xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<16x4xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.matmul %a, %b transpose_lhs : (tensor<16x8xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
  return
}

// -----

func.func @batch_matmul_rank(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) {
  // expected-error@+2 {{operands must have rank >= 3, got 'tensor<8x16xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.batch_matmul %a, %b : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @batch_matmul_rank_mismatch(%a: tensor<2x8x16xf32>, %b: tensor<1x2x16x4xf32>) {
  // expected-error@+2 {{operands must have the same rank >= 2, got [2, 8, 16] and [1, 2, 16, 4]}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.batch_matmul %a, %b : (tensor<2x8x16xf32>, tensor<1x2x16x4xf32>) -> tensor<2x8x4xf32>
  return
}

// -----

func.func @batch_matmul_batch_dims(%a: tensor<2x8x16xf32>, %b: tensor<3x16x4xf32>) {
  // expected-error@+2 {{batch dimensions differ: [2, 8, 16] and [3, 16, 4]}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.batch_matmul %a, %b : (tensor<2x8x16xf32>, tensor<3x16x4xf32>) -> tensor<2x8x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.conv2d
//===----------------------------------------------------------------------===//

func.func @conv2d_stride_entries(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{stride must have 2 entries (height, width), got 1}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {stride = array<i64: 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_stride_zero(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{stride entries must be >= 1, got [1, 0]}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {stride = array<i64: 1, 0>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_padding_negative(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{padding entries must be >= 0, got [-1, 1]}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {padding = array<i64: -1, 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_dilation_zero(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{dilation entries must be >= 1, got [0, 0]}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {dilation = array<i64: 0, 0>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_groups_zero(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{groups must be >= 1, got 0}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {groups = 0 : i64} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_groups_exceed(%x: tensor<1x3x4x4xf32>, %w: tensor<2x1x3x3xf32>) {
  // expected-error@+2 {{groups 3 exceeds the input or output channel count}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {groups = 3 : i64} : (tensor<1x3x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @conv2d_rank(%x: tensor<3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{input (NCHW) and weight (OIHW) must have rank 4, got [3, 32, 32] and [16, 3, 3, 3]}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w : (tensor<3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<16x30x30xf32>
  return
}

// -----

func.func @conv2d_groups_divide(%x: tensor<8x6x32x32xf32>, %w: tensor<16x2x3x3xf32>) {
  // expected-error@+2 {{input channels 6 and output channels 16 must be divisible by groups 4}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {groups = 4 : i64} : (tensor<8x6x32x32xf32>, tensor<16x2x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_weight_channels(%x: tensor<8x8x32x32xf32>, %w: tensor<16x8x3x3xf32>) {
  // expected-error@+2 {{weight [16, 8, 3, 3] expects 16 input channels, input has 8}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {groups = 2 : i64} : (tensor<8x8x32x32xf32>, tensor<16x8x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_bias(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16x1xf32>) {
  // expected-error@+2 {{bias must be [16], got [16, 1]}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w, %b : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>, tensor<16x1xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_kernel_does_not_fit(%x: tensor<8x3x4x4xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{dilated kernel [3, 3] does not fit the padded input [4, 4]}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {dilation = array<i64: 2, 2>} : (tensor<8x3x4x4xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x1x1xf32>
  return
}

// -----

func.func @conv2d_empty_kernel(%x: tensor<1x3x4x4xf32>, %w: tensor<16x3x0x0xf32>) {
  // expected-error@+1 {{tensor type 'tensor<16x3x0x0xf32>' has size 0 in dimension 2; echo tensors have at least one element per dimension}}
  %y = echo.conv2d %x, %w : (tensor<1x3x4x4xf32>, tensor<16x3x0x0xf32>) -> tensor<1x16x5x5xf32>
  return
}

// -----

func.func @conv2d_result(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+2 {{'echo.conv2d' op inferred type(s) 'tensor<8x16x32x32xf32>' are incompatible with return type(s) of operation 'tensor<8x16x30x30xf32>'}}
  // expected-error@+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.embedding
//===----------------------------------------------------------------------===//

func.func @embedding_float_indices(%t: tensor<1000x64xf32>, %ids: tensor<8x20xf32>) {
  // expected-error@+1 {{operand #1 must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<8x20xf32>'}}
  %e = echo.embedding %t, %ids : (tensor<1000x64xf32>, tensor<8x20xf32>) -> tensor<8x20x64xf32>
  return
}

// -----

func.func @embedding_table_rank(%t: tensor<1000xf32>, %ids: tensor<8x20xi32>) {
  // expected-error@+2 {{table must have rank 2 ([vocab, dim]), got 'tensor<1000xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %e = echo.embedding %t, %ids : (tensor<1000xf32>, tensor<8x20xi32>) -> tensor<8x20xf32>
  return
}

// -----

func.func @embedding_result(%t: tensor<1000x64xf32>, %ids: tensor<8x20xi64>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x20x64xf32>' are incompatible with return type(s) of operation 'tensor<8x20x1000xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %e = echo.embedding %t, %ids : (tensor<1000x64xf32>, tensor<8x20xi64>) -> tensor<8x20x1000xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Broadcasting binary ops
//===----------------------------------------------------------------------===//

func.func @add_not_broadcastable(%a: tensor<4x8xf32>, %b: tensor<4xf32>) {
  // expected-error@+2 {{shapes [4, 8] and [4] are not broadcast-compatible}}
  // expected-error@+1 {{failed to infer returned types}}
  %z = echo.add %a, %b : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @sub_result(%a: tensor<4x1xf32>, %b: tensor<8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x1xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %z = echo.sub %a, %b : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x1xf32>
  return
}

// -----

func.func @mul_element_types(%a: tensor<4x8xf16>, %b: tensor<8xf32>) {
  // expected-error@+2 {{operands and results must share one float element type, got 'f16' and 'f32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %z = echo.mul %a, %b : (tensor<4x8xf16>, tensor<8xf32>) -> tensor<4x8xf16>
  return
}

// -----

func.func @div_result_rank(%a: tensor<4x8xf32>, %b: tensor<8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<1x4x8xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %z = echo.div %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  return
}

// -----

func.func @max_not_broadcastable(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error@+2 {{shapes [2, 3] and [3, 3] are not broadcast-compatible}}
  // expected-error@+1 {{failed to infer returned types}}
  %z = echo.max %a, %b : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.dropout
//===----------------------------------------------------------------------===//

func.func @dropout_probability_one(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{probability must be in [0, 1), got 1.000000e+00}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m = echo.dropout %x probability 1.0 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}

// -----

func.func @dropout_output_type(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x8xf32>', 'tensor<4x8xi1>' are incompatible with return type(s) of operation 'tensor<4x8xf16>', 'tensor<4x8xi1>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m = echo.dropout %x probability 0.5 seed 7 : tensor<4x8xf32> -> tensor<4x8xf16>, tensor<4x8xi1>
  return
}

// -----

func.func @dropout_mask_shape(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x8xf32>', 'tensor<4x8xi1>' are incompatible with return type(s) of operation 'tensor<4x8xf32>', 'tensor<8x4xi1>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m = echo.dropout %x probability 0.5 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<8x4xi1>
  return
}

// -----

func.func @dropout_mask_element_type(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result #1 must be statically shaped tensor of 1-bit signless integer values, but got 'tensor<4x8xf32>'}}
  %y, %m = echo.dropout %x probability 0.5 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.max_pool2d, echo.avg_pool2d
//===----------------------------------------------------------------------===//

func.func @pool_missing_kernel(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{requires attribute 'kernel'}}
  %y = echo.max_pool2d %x {stride = array<i64: 2, 2>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @pool_kernel_entries(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+2 {{kernel must have 2 entries (height, width), got 1}}
  // expected-error@+1 {{'echo.max_pool2d' op failed to infer returned types}}
  %y = echo.max_pool2d %x {kernel = array<i64: 2>, stride = array<i64: 2, 2>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @pool_kernel_zero(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+2 {{kernel entries must be >= 1, got [0, 2]}}
  // expected-error@+1 {{'echo.avg_pool2d' op failed to infer returned types}}
  %y = echo.avg_pool2d %x {kernel = array<i64: 0, 2>, stride = array<i64: 2, 2>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @pool_rank(%x: tensor<1x4x4xf32>) {
  // expected-error@+2 {{input must have rank 4 (NCHW), got [1, 4, 4]}}
  // expected-error@+1 {{'echo.max_pool2d' op failed to infer returned types}}
  %y = echo.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x4x4xf32> -> tensor<1x2x2xf32>
  return
}

// -----

func.func @pool_padding_not_smaller(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+2 {{padding [1, 2] must be smaller than the kernel [2, 2]}}
  // expected-error@+1 {{'echo.max_pool2d' op failed to infer returned types}}
  %y = echo.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 1, 2>} : tensor<1x1x4x4xf32> -> tensor<1x1x3x3xf32>
  return
}

// -----

func.func @pool_kernel_does_not_fit(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+2 {{kernel [5, 5] does not fit the padded input [4, 4]}}
  // expected-error@+1 {{'echo.avg_pool2d' op failed to infer returned types}}
  %y = echo.avg_pool2d %x {kernel = array<i64: 5, 5>, stride = array<i64: 1, 1>} : tensor<1x1x4x4xf32> -> tensor<1x1x1x1xf32>
  return
}

// -----

func.func @pool_result(%x: tensor<8x16x32x32xf32>) {
  // expected-error@+2 {{'echo.avg_pool2d' op inferred type(s) 'tensor<8x16x16x16xf32>' are incompatible with return type(s) of operation 'tensor<8x16x32x32xf32>'}}
  // expected-error@+1 {{'echo.avg_pool2d' op failed to infer returned types}}
  %y = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x32x32xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.batch_norm
//===----------------------------------------------------------------------===//

func.func @batch_norm_epsilon(%x: tensor<8x16x4x4xf32>, %c: tensor<16xf32>) {
  // expected-error@+2 {{epsilon must be positive, got 0.000000e+00}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %c, %c, %c, %c {epsilon = 0.0 : f64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @batch_norm_momentum(%x: tensor<8x16x4x4xf32>, %c: tensor<16xf32>) {
  // expected-error@+2 {{momentum must be in [0, 1], got 1.500000e+00}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %c, %c, %c, %c {momentum = 1.5 : f64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @batch_norm_rank(%x: tensor<16xf32>, %c: tensor<16xf32>) {
  // expected-error@+2 {{input must have rank >= 2 ([N, C, ...]), got 'tensor<16xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %c, %c, %c, %c : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @batch_norm_gamma(%x: tensor<8x16x4x4xf32>, %c: tensor<16xf32>, %g: tensor<8xf32>) {
  // expected-error@+2 {{gamma must be [16], got [8]}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %g, %c, %c, %c : (tensor<8x16x4x4xf32>, tensor<8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @batch_norm_output(%x: tensor<8x16x4x4xf32>, %c: tensor<16xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x16x4x4xf32>', 'tensor<16xf32>', 'tensor<16xf32>', 'tensor<16xf32>', 'tensor<16xf32>' are incompatible with return type(s) of operation 'tensor<8x16x2x2xf32>', 'tensor<16xf32>', 'tensor<16xf32>', 'tensor<16xf32>', 'tensor<16xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %c, %c, %c, %c : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x2x2xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.layer_norm
//===----------------------------------------------------------------------===//

func.func @layer_norm_epsilon(%x: tensor<8x512xf32>, %g: tensor<512xf32>, %r: tensor<8xf32>) {
  // expected-error@+2 {{epsilon must be positive, got -1.000000e+00}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m, %s = echo.layer_norm %x, %g, %g {epsilon = -1.0 : f64} : (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>) -> (tensor<8x512xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @layer_norm_scalar(%x: tensor<f32>, %g: tensor<1xf32>) {
  // expected-error@+2 {{input must have rank >= 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m, %s = echo.layer_norm %x, %g, %g : (tensor<f32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>)
  return
}

// -----

func.func @layer_norm_gamma(%x: tensor<8x512xf32>, %g: tensor<8xf32>, %b: tensor<512xf32>) {
  // expected-error@+2 {{gamma must be [512], got [8]}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m, %s = echo.layer_norm %x, %g, %b : (tensor<8x512xf32>, tensor<8xf32>, tensor<512xf32>) -> (tensor<8x512xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @layer_norm_beta(%x: tensor<8x512xf32>, %g: tensor<512xf32>, %b: tensor<256xf32>) {
  // expected-error@+2 {{beta must be [512], got [256]}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m, %s = echo.layer_norm %x, %g, %b : (tensor<8x512xf32>, tensor<512xf32>, tensor<256xf32>) -> (tensor<8x512xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @layer_norm_mean(%x: tensor<8x512xf32>, %g: tensor<512xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x512xf32>', 'tensor<8xf32>', 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<8x512xf32>', 'tensor<8x1xf32>', 'tensor<8xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m, %s = echo.layer_norm %x, %g, %g : (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>) -> (tensor<8x512xf32>, tensor<8x1xf32>, tensor<8xf32>)
  return
}

// -----

func.func @layer_norm_output(%x: tensor<8x512xf32>, %g: tensor<512xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x512xf32>', 'tensor<8xf32>', 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<512x8xf32>', 'tensor<8xf32>', 'tensor<8xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y, %m, %s = echo.layer_norm %x, %g, %g : (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>) -> (tensor<512x8xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.softmax, echo.log_softmax
//===----------------------------------------------------------------------===//

func.func @softmax_axis(%x: tensor<8x10xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %p = echo.softmax %x {axis = 2 : i64} : tensor<8x10xf32>
  return
}

// -----

func.func @log_softmax_axis(%x: tensor<8x10xf32>) {
  // expected-error@+1 {{axis -3 is out of range for rank 2}}
  %p = echo.log_softmax %x {axis = -3 : i64} : tensor<8x10xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.reduce
//===----------------------------------------------------------------------===//

func.func @reduce_unknown_kind(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [sum, mean, max]}}
  %s = echo.reduce prod %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_no_dims(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{dims must not be empty}}
  // expected-error@+1 {{failed to infer returned types}}
  %s = echo.reduce sum %x dims [] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_dim_out_of_range(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{dimension 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %s = echo.reduce mean %x dims [2] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_dim_twice(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{dimension 1 is listed twice}}
  // expected-error@+1 {{failed to infer returned types}}
  %s = echo.reduce max %x dims [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_keepdims_result(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x1xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %s = echo.reduce sum %x dims [1] keepdims : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.concat, echo.split
//===----------------------------------------------------------------------===//

func.func @concat_no_inputs() {
  // expected-error@+2 {{needs at least one input}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.concat axis 0 : () -> tensor<4xf32>
  return
}

// -----

func.func @concat_axis(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+2 {{axis 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.concat %a, %b axis 2 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @concat_input_rank(%a: tensor<4x3xf32>, %b: tensor<5xf32>) {
  // expected-error@+2 {{input 1 has rank 1, expected 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<5xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @concat_off_axis(%a: tensor<4x3xf32>, %b: tensor<2x5xf32>) {
  // expected-error@+2 {{input 1 [2, 5] differs from input 0 [4, 3] outside the concatenation axis}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.concat %a, %b axis -1 : (tensor<4x3xf32>, tensor<2x5xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @concat_result(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x9xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %c = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x9xf32>
  return
}

// -----

func.func @split_no_results(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{needs at least one result}}
  "echo.split"(%x) {axis = 1 : i64} : (tensor<8x1024xf32>) -> ()
  return
}

// -----

func.func @split_axis(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %a, %b = echo.split %x axis 2 : tensor<8x1024xf32> -> tensor<8x512xf32>, tensor<8x512xf32>
  return
}

// -----

func.func @split_sizes(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{input shape [8, 1024] does not match the expected [8, 768]}}
  %a, %b, %c = echo.split %x axis 1 : tensor<8x1024xf32> -> tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>
  return
}

// -----

func.func @split_off_axis(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{result 1 [4, 512] differs from result 0 [8, 512] outside the concatenation axis}}
  %a, %b = echo.split %x axis 1 : tensor<8x1024xf32> -> tensor<8x512xf32>, tensor<4x512xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.slice
//===----------------------------------------------------------------------===//

func.func @slice_rank(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{result rank 1 differs from input rank 2}}
  %s = echo.slice %x offsets [0, 0] : tensor<8x1024xf32> -> tensor<256xf32>
  return
}

// -----

func.func @slice_offsets_entries(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{offsets [0] must have 2 entries}}
  %s = echo.slice %x offsets [0] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

func.func @slice_strides_entries(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{strides [1, 2, 1] must have 2 entries}}
  %s = echo.slice %x offsets [0, 0] strides [1, 2, 1] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

func.func @slice_stride_zero(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{strides must be >= 1, got [1, 0]}}
  %s = echo.slice %x offsets [0, 0] strides [1, 0] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

func.func @slice_negative_offset(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{offsets must be >= 0, got [0, -1]}}
  %s = echo.slice %x offsets [0, -1] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

func.func @slice_empty(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{tensor type 'tensor<0x256xf32>' has size 0 in dimension 0}}
  %s = echo.slice %x offsets [0, 0] : tensor<8x1024xf32> -> tensor<0x256xf32>
  return
}

// -----

func.func @slice_out_of_bounds(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{slice reads past the end of dimension 1 (size 1024)}}
  %s = echo.slice %x offsets [0, 769] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}

// -----

// The last strided index is 1 + (512 - 1) * 2 = 1023: fine; 2 + 1022 = 1024 is not.
func.func @slice_strided_out_of_bounds(%x: tensor<8x1024xf32>) {
  // expected-error@+1 {{slice reads past the end of dimension 1 (size 1024)}}
  %s = echo.slice %x offsets [0, 2] strides [1, 2] : tensor<8x1024xf32> -> tensor<8x512xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.reshape, echo.transpose, echo.broadcast_to
//===----------------------------------------------------------------------===//

func.func @reshape_count(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{cannot reshape 32 elements [4, 8] into 33 elements [33]}}
  %r = echo.reshape %x : tensor<4x8xf32> -> tensor<33xf32>
  return
}

// -----

func.func @transpose_entries(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{permutation [1, 0, 2] must have 2 entries}}
  // expected-error@+1 {{failed to infer returned types}}
  %t = echo.transpose %x permutation [1, 0, 2] : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @transpose_not_a_permutation(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{[1, 1] is not a permutation of [0, 2)}}
  // expected-error@+1 {{failed to infer returned types}}
  %t = echo.transpose %x permutation [1, 1] : tensor<4x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @transpose_result(%x: tensor<4x8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %t = echo.transpose %x permutation [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @broadcast_to_incompatible(%b: tensor<3xf32>) {
  // expected-error@+1 {{input shape [3] does not broadcast to [4, 8]}}
  %r = echo.broadcast_to %b : tensor<3xf32> -> tensor<4x8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.cross_entropy
//===----------------------------------------------------------------------===//

func.func @cross_entropy_logits_rank(%l: tensor<10xf32>, %y: tensor<i32>) {
  // expected-error@+2 {{logits must have rank >= 2 ([..., classes]), got 'tensor<10xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %loss = echo.cross_entropy %l, %y : (tensor<10xf32>, tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @cross_entropy_labels(%l: tensor<32x10xf32>, %y: tensor<32x10xi32>) {
  // expected-error@+2 {{labels must be [32] (the logits shape without the class dimension), got [32, 10]}}
  // expected-error@+1 {{failed to infer returned types}}
  %loss = echo.cross_entropy %l, %y : (tensor<32x10xf32>, tensor<32x10xi32>) -> tensor<f32>
  return
}

// -----

func.func @cross_entropy_loss_type(%l: tensor<32x10xf32>, %y: tensor<32xi32>) {
  // expected-error@+1 {{result #0 must be 0D tensor of 32-bit float values, but got 'tensor<1xf32>'}}
  %loss = echo.cross_entropy %l, %y : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<1xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Backward ops
//===----------------------------------------------------------------------===//

func.func @relu_grad_type_mismatch(%y: tensor<4x8xf32>, %dy: tensor<4x8xf16>) {
  // expected-error@+1 {{requires the same type for all operands and results}}
  %dx = "echo.relu_grad"(%y, %dy) : (tensor<4x8xf32>, tensor<4x8xf16>) -> tensor<4x8xf32>
  return
}

// -----

func.func @max_grad_grad(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %dy: tensor<8xf32>) {
  // expected-error@+2 {{grad shape [8] does not match the expected [4, 8]}}
  // expected-error@+1 {{failed to infer returned types}}
  %da, %db = echo.max_grad %a, %b, %dy : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return
}

// -----

// Both gradients have the broadcast shape; echo.sum_to reduces them.
func.func @max_grad_rhs_grad(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %dy: tensor<4x8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x8xf32>', 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>', 'tensor<8xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %da, %db = echo.max_grad %a, %b, %dy : (tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @sum_to_not_broadcast(%dy: tensor<4x8xf32>) {
  // expected-error@+1 {{result shape [4] does not broadcast to the input shape [4, 8]}}
  %db = echo.sum_to %dy : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @dropout_grad_probability(%m: tensor<4x8xi1>, %dy: tensor<4x8xf32>) {
  // expected-error@+1 {{probability must be in [0, 1), got 1.000000e+00}}
  %dx = echo.dropout_grad %m, %dy probability 1.0 : tensor<4x8xi1>, tensor<4x8xf32>
  return
}

// -----

func.func @dropout_grad_mask(%m: tensor<4xi1>, %dy: tensor<4x8xf32>) {
  // expected-error@+1 {{mask shape [4] must equal grad shape [4, 8]}}
  %dx = echo.dropout_grad %m, %dy probability 0.5 : tensor<4xi1>, tensor<4x8xf32>
  return
}

// -----

func.func @dropout_grad_result_type(%m: tensor<4x8xi1>, %dy: tensor<4x8xf32>) {
  // expected-error@+1 {{failed to verify that all of {grad, result} have same type}}
  %dx = "echo.dropout_grad"(%m, %dy) {probability = 0.5 : f64} : (tensor<4x8xi1>, tensor<4x8xf32>) -> tensor<4x8xf16>
  return
}

// -----

func.func @max_pool2d_grad_result_type(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{result type 'tensor<1x1x2x2xf32>' must equal the input type 'tensor<1x1x4x4xf32>'}}
  %dx = echo.max_pool2d_grad %x, %y, %y {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @max_pool2d_grad_grad(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{grad shape [1, 1, 3, 3] does not match the expected [1, 1, 2, 2]}}
  %dx = echo.max_pool2d_grad %x, %y, %y {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @max_pool2d_grad_output(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x1x4xf32>, %dy: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{output shape [1, 1, 1, 4] must equal grad shape [1, 1, 2, 2]}}
  %dx = echo.max_pool2d_grad %x, %y, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x1x4xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @avg_pool2d_grad_grad(%dy: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{grad shape [1, 1, 2, 2] does not match the expected [1, 1, 3, 3]}}
  %dx = echo.avg_pool2d_grad %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32>
  return
}

// -----

func.func @batch_norm_grad_beta_grad(%x: tensor<8x16x4x4xf32>, %c: tensor<16xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x16x4x4xf32>', 'tensor<16xf32>', 'tensor<16xf32>' are incompatible with return type(s) of operation 'tensor<8x16x4x4xf32>', 'tensor<16xf32>', 'tensor<32xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx, %dg, %db = echo.batch_norm_grad %x, %c, %c, %c, %x : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16x4x4xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<32xf32>)
  return
}

// -----

func.func @batch_norm_grad_grad(%x: tensor<8x16x4x4xf32>, %c: tensor<16xf32>, %dy: tensor<8x16x2x2xf32>) {
  // expected-error@+2 {{grad shape [8, 16, 2, 2] must equal input shape [8, 16, 4, 4]}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx, %dg, %db = echo.batch_norm_grad %x, %c, %c, %c, %dy : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16x2x2xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @batch_norm_grad_input_grad(%x: tensor<8x16x4x4xf32>, %c: tensor<16xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x16x4x4xf32>', 'tensor<16xf32>', 'tensor<16xf32>' are incompatible with return type(s) of operation 'tensor<8x16x16xf32>', 'tensor<16xf32>', 'tensor<16xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx, %dg, %db = echo.batch_norm_grad %x, %c, %c, %c, %x : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16x4x4xf32>) -> (tensor<8x16x16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @layer_norm_grad_gamma_grad(%x: tensor<8x512xf32>, %g: tensor<512xf32>, %m: tensor<8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x512xf32>', 'tensor<512xf32>', 'tensor<512xf32>' are incompatible with return type(s) of operation 'tensor<8x512xf32>', 'tensor<8xf32>', 'tensor<512xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx, %dg, %db = echo.layer_norm_grad %x, %g, %m, %m, %x : (tensor<8x512xf32>, tensor<512xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x512xf32>) -> (tensor<8x512xf32>, tensor<8xf32>, tensor<512xf32>)
  return
}

// -----

func.func @layer_norm_grad_grad(%x: tensor<8x512xf32>, %g: tensor<512xf32>, %m: tensor<8xf32>, %dy: tensor<8x256xf32>) {
  // expected-error@+2 {{grad shape [8, 256] must equal input shape [8, 512]}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx, %dg, %db = echo.layer_norm_grad %x, %g, %m, %m, %dy : (tensor<8x512xf32>, tensor<512xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x256xf32>) -> (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>)
  return
}

// -----

func.func @layer_norm_grad_input_grad(%x: tensor<8x512xf32>, %g: tensor<512xf32>, %m: tensor<8xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<8x512xf32>', 'tensor<512xf32>', 'tensor<512xf32>' are incompatible with return type(s) of operation 'tensor<4096xf32>', 'tensor<512xf32>', 'tensor<512xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx, %dg, %db = echo.layer_norm_grad %x, %g, %m, %m, %x : (tensor<8x512xf32>, tensor<512xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x512xf32>) -> (tensor<4096xf32>, tensor<512xf32>, tensor<512xf32>)
  return
}

// -----

func.func @softmax_grad_axis(%y: tensor<8x10xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %dx = echo.softmax_grad %y, %y {axis = 2 : i64} : tensor<8x10xf32>
  return
}

// -----

func.func @log_softmax_grad_axis(%y: tensor<f32>) {
  // expected-error@+1 {{axis -1 is out of range for rank 0}}
  %dx = echo.log_softmax_grad %y, %y : tensor<f32>
  return
}

// -----

func.func @reduce_grad_max(%dy: tensor<4xf32>) {
  // expected-error@+1 {{max reductions are differentiated with 'echo.reduce_max_grad'}}
  %dx = echo.reduce_grad max %dy dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_grad_grad(%dy: tensor<8xf32>) {
  // expected-error@+1 {{grad shape [8] does not match the expected [4]}}
  %dx = echo.reduce_grad mean %dy dims [1] : tensor<8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_max_grad_result_shape(%x: tensor<4x8xf32>, %y: tensor<4xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x9xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx = echo.reduce_max_grad %x, %y, %y dims [1] : (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x9xf32>
  return
}

// -----

func.func @reduce_max_grad_output(%x: tensor<4x8xf32>, %y: tensor<4x1xf32>, %dy: tensor<4xf32>) {
  // expected-error@+2 {{output shape [4, 1] must equal grad shape [4]}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx = echo.reduce_max_grad %x, %y, %dy dims [1] : (tensor<4x8xf32>, tensor<4x1xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_max_grad_keepdims(%x: tensor<4x8xf32>, %y: tensor<4xf32>) {
  // expected-error@+2 {{grad shape [4] does not match the expected [4, 1]}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx = echo.reduce_max_grad %x, %y, %y dims [1] keepdims : (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @slice_grad_out_of_bounds(%dy: tensor<8x256xf32>) {
  // expected-error@+1 {{slice reads past the end of dimension 1 (size 1024)}}
  %dx = echo.slice_grad %dy offsets [0, 769] : tensor<8x256xf32> -> tensor<8x1024xf32>
  return
}

// -----

func.func @cross_entropy_grad_labels(%l: tensor<32x10xf32>, %y: tensor<10xi32>, %d: tensor<f32>) {
  // expected-error@+2 {{labels must be [32] (the logits shape without the class dimension), got [10]}}
  // expected-error@+1 {{failed to infer returned types}}
  %dl = echo.cross_entropy_grad %l, %y, %d : (tensor<32x10xf32>, tensor<10xi32>, tensor<f32>) -> tensor<32x10xf32>
  return
}

// -----

func.func @cross_entropy_grad_result(%l: tensor<32x10xf32>, %y: tensor<32xi32>, %d: tensor<f32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<32x10xf32>' are incompatible with return type(s) of operation 'tensor<32x10xf16>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %dl = echo.cross_entropy_grad %l, %y, %d : (tensor<32x10xf32>, tensor<32xi32>, tensor<f32>) -> tensor<32x10xf16>
  return
}

// -----

func.func @cross_entropy_grad_scalar(%l: tensor<32x10xf32>, %y: tensor<32xi32>, %d: tensor<1xf32>) {
  // expected-error@+1 {{operand #2 must be 0D tensor of 32-bit float values, but got 'tensor<1xf32>'}}
  %dl = echo.cross_entropy_grad %l, %y, %d : (tensor<32x10xf32>, tensor<32xi32>, tensor<1xf32>) -> tensor<32x10xf32>
  return
}

// -----

func.func @linear_grad_input_grad(%dy: tensor<32x128xf32>, %w: tensor<256x784xf32>) {
  // expected-error@+2 {{grad shape [32, 128] does not match the expected [32, 256]}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx = echo.linear_grad_input %dy, %w : (tensor<32x128xf32>, tensor<256x784xf32>) -> tensor<32x784xf32>
  return
}

// -----

func.func @linear_grad_weight_grad(%dy: tensor<16x256xf32>, %x: tensor<32x784xf32>) {
  // expected-error@+2 {{grad shape [16, 256] does not match the expected [32, 256]}}
  // expected-error@+1 {{failed to infer returned types}}
  %dw = echo.linear_grad_weight %dy, %x : (tensor<16x256xf32>, tensor<32x784xf32>) -> tensor<256x784xf32>
  return
}

// -----

func.func @conv2d_grad_input_grad(%dy: tensor<8x16x30x30xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error@+1 {{grad shape [8, 16, 30, 30] does not match the expected [8, 16, 32, 32]}}
  %dx = echo.conv2d_grad_input %dy, %w {padding = array<i64: 1, 1>} : (tensor<8x16x30x30xf32>, tensor<16x3x3x3xf32>) -> tensor<8x3x32x32xf32>
  return
}

// -----

func.func @conv2d_grad_weight_grad(%x: tensor<8x3x32x32xf32>, %dy: tensor<8x16x32x32xf32>) {
  // expected-error@+1 {{grad shape [8, 16, 32, 32] does not match the expected [8, 16, 30, 30]}}
  %dw = echo.conv2d_grad_weight %x, %dy : (tensor<8x3x32x32xf32>, tensor<8x16x32x32xf32>) -> tensor<16x3x3x3xf32>
  return
}

// -----

func.func @conv2d_grad_weight_channels(%x: tensor<8x3x32x32xf32>, %dy: tensor<8x16x32x32xf32>) {
  // expected-error@+1 {{weight [16, 4, 3, 3] expects 4 input channels, input has 3}}
  %dw = echo.conv2d_grad_weight %x, %dy {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<8x16x32x32xf32>) -> tensor<16x4x3x3xf32>
  return
}

// -----

func.func @embedding_grad_rank(%ids: tensor<8x20xi32>, %dy: tensor<8x20x64xf32>) {
  // expected-error@+1 {{result must have rank 2 ([vocab, dim]), got 'tensor<64000xf32>'}}
  %dt = echo.embedding_grad %ids, %dy : (tensor<8x20xi32>, tensor<8x20x64xf32>) -> tensor<64000xf32>
  return
}

// -----

func.func @embedding_grad_grad(%ids: tensor<8x20xi32>, %dy: tensor<8x64xf32>) {
  // expected-error@+1 {{grad shape [8, 64] does not match the expected [8, 20, 64]}}
  %dt = echo.embedding_grad %ids, %dy : (tensor<8x20xi32>, tensor<8x64xf32>) -> tensor<1000x64xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Optimizer updates
//===----------------------------------------------------------------------===//

func.func @sgd_lr_zero(%p: tensor<16xf32>) {
  // expected-error@+1 {{lr must be positive}}
  %p1 = echo.sgd_update %p, %p {lr = 0.0 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @sgd_momentum_one(%p: tensor<16xf32>) {
  // expected-error@+1 {{momentum must be in [0, 1), got 1.000000e+00}}
  %p1, %v1 = echo.sgd_update %p, %p, %p {lr = 0.1 : f64, momentum = 1.0 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @sgd_velocity_without_result(%p: tensor<16xf32>) {
  // expected-error@+1 {{a velocity operand needs a new_velocity result and vice versa}}
  %p1 = echo.sgd_update %p, %p, %p {lr = 0.1 : f64, momentum = 0.9 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @sgd_result_without_velocity(%p: tensor<16xf32>) {
  // expected-error@+1 {{a velocity operand needs a new_velocity result and vice versa}}
  %p1, %v1 = echo.sgd_update %p, %p {lr = 0.1 : f64, momentum = 0.9 : f64} : (tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @sgd_velocity_without_momentum(%p: tensor<16xf32>) {
  // expected-error@+1 {{a velocity buffer requires momentum > 0}}
  %p1, %v1 = echo.sgd_update %p, %p, %p {lr = 0.1 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @sgd_momentum_without_velocity(%p: tensor<16xf32>) {
  // expected-error@+1 {{momentum > 0 requires a velocity buffer}}
  %p1 = echo.sgd_update %p, %p {lr = 0.1 : f64, momentum = 0.9 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @sgd_param_type(%p: tensor<16xf32>, %g: tensor<16xf16>) {
  // expected-error@+1 {{every operand and result must have the parameter type 'tensor<16xf32>', got 'tensor<16xf16>'}}
  %p1 = echo.sgd_update %p, %g {lr = 0.1 : f64} : (tensor<16xf32>, tensor<16xf16>) -> tensor<16xf32>
  return
}

// -----

func.func @sgd_too_many_results(%p: tensor<16xf32>) {
  // expected-error@+1 {{result group starting at #1 requires 0 or 1 element, but found 2}}
  %r:3 = "echo.sgd_update"(%p, %p, %p) {lr = 0.1 : f64, momentum = 0.9 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @adam_lr(%p: tensor<16xf32>, %t: tensor<f32>) {
  // expected-error@+1 {{lr must be positive}}
  %p1, %m1, %v1 = echo.adam_update %p, %p, %p, %p, %t {lr = -1.0e-03 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @adam_beta1(%p: tensor<16xf32>, %t: tensor<f32>) {
  // expected-error@+1 {{beta1 and beta2 must be in [0, 1), got 1.000000e+00}}
  %p1, %m1, %v1 = echo.adam_update %p, %p, %p, %p, %t {lr = 1.0e-03 : f64, beta1 = 1.0 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @adam_epsilon(%p: tensor<16xf32>, %t: tensor<f32>) {
  // expected-error@+1 {{epsilon must be positive, got 0.000000e+00}}
  %p1, %m1, %v1 = echo.adam_update %p, %p, %p, %p, %t {lr = 1.0e-03 : f64, epsilon = 0.0 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @adam_moment_type(%p: tensor<16xf32>, %m: tensor<8xf32>, %t: tensor<f32>) {
  // expected-error@+1 {{every operand and result must have the parameter type 'tensor<16xf32>', got 'tensor<8xf32>'}}
  %p1, %m1, %v1 = echo.adam_update %p, %p, %m, %p, %t {lr = 1.0e-03 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<8xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @adam_step_type(%p: tensor<16xf32>, %t: tensor<1xf32>) {
  // expected-error@+1 {{operand #4 must be 0D tensor of 32-bit float values, but got 'tensor<1xf32>'}}
  %p1, %m1, %v1 = echo.adam_update %p, %p, %p, %p, %t {lr = 1.0e-03 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// echo.recompute, echo.yield
//===----------------------------------------------------------------------===//

func.func @recompute_argument_count(%s: tensor<8x64xf32>) {
  // expected-error@+1 {{body has 2 arguments but the op has 1 inputs}}
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>, %extra: tensor<8x64xf32>):
    echo.yield %in : tensor<8x64xf32>
  }
  return
}

// -----

func.func @recompute_argument_type(%s: tensor<8x64xf32>) {
  // expected-error@+1 {{body argument #0 has type 'tensor<8x64xf16>' but input #0 has type 'tensor<8x64xf32>'}}
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf16> {
  ^bb0(%in: tensor<8x64xf16>):
    echo.yield %in : tensor<8x64xf16>
  }
  return
}

// -----

func.func @recompute_terminator(%s: tensor<8x64xf32>) {
  // expected-error@+1 {{body must end with 'echo.yield'}}
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    llvm.unreachable
  }
  return
}

// -----

func.func @recompute_yield_types(%s: tensor<8x64xf32>) {
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    %t = echo.tanh %in : tensor<8x64xf32>
    // expected-error@+1 {{yields types 'tensor<8x64xf32>', 'tensor<8x64xf32>' but the enclosing 'echo.recompute' returns 'tensor<8x64xf32>'}}
    echo.yield %t, %in : tensor<8x64xf32>, tensor<8x64xf32>
  }
  return
}

// -----

func.func @recompute_side_effects(%s: tensor<8x64xf32>) {
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    // expected-error@+1 {{'echo.offload' op has side effects and cannot be recomputed}}
    %h, %tok = echo.offload %in : tensor<8x64xf32>
    echo.yield %in : tensor<8x64xf32>
  }
  return
}

// -----

func.func @recompute_isolated(%s: tensor<8x64xf32>, %outer: tensor<8x64xf32>) {
  // expected-note@+1 {{required by region isolation constraints}}
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    // expected-error@+1 {{using value defined outside the region}}
    %t = echo.add %in, %outer : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    echo.yield %t : tensor<8x64xf32>
  }
  return
}

// -----

func.func @recompute_two_blocks(%s: tensor<8x64xf32>) {
  // expected-error@+1 {{expects region #0 to have 0 or 1 blocks}}
  %r = "echo.recompute"(%s) ({
  ^bb0(%in: tensor<8x64xf32>):
    llvm.br ^bb1
  ^bb1:
    "echo.yield"(%in) : (tensor<8x64xf32>) -> ()
  }) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  return
}

// -----

func.func @recompute_input_type(%s: tensor<8x64xf64>) {
  // expected-error@+1 {{operand #0 must be variadic of statically shaped tensor}}
  %r = echo.recompute (%s) : (tensor<8x64xf64>) -> tensor<8x64xf64> {
  ^bb0(%in: tensor<8x64xf64>):
    echo.yield %in : tensor<8x64xf64>
  }
  return
}

// -----

func.func @yield_outside_recompute(%s: tensor<8x64xf32>) {
  // expected-error@+1 {{expects parent op 'echo.recompute'}}
  echo.yield %s : tensor<8x64xf32>
}

// -----

//===----------------------------------------------------------------------===//
// echo.encode, echo.decode, echo.offload, echo.prefetch
//===----------------------------------------------------------------------===//

func.func @encode_result_type(%x: tensor<64x512xf32>) {
  // expected-error@+2 {{inferred type(s) '!echo.encoded<tensor<64x512xf32>, #echo.encoding<fp16>>' are incompatible with return type(s) of operation '!echo.encoded<tensor<64x512xf32>, #echo.encoding<fp8>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %e = "echo.encode"(%x) {encoding = #echo.encoding<fp16>} : (tensor<64x512xf32>) -> !echo.encoded<tensor<64x512xf32>, #echo.encoding<fp8>>
  return
}

// -----

func.func @encode_f64(%x: tensor<4xf64>) {
  // expected-error@+1 {{encoded tensor must have an f32, f16, bf16, i1, i32 or i64 element type, got 'tensor<4xf64>'}}
  %e = echo.encode %x : tensor<4xf64> as #echo.encoding<binarize>
  return
}

// -----

func.func @decode_plain_tensor(%x: tensor<4xf32>) {
  // expected-error@+1 {{operand #0 must be encoded tensor, but got 'tensor<4xf32>'}}
  %y = "echo.decode"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// In the custom syntax the type is checked while inferring the result type.
func.func @decode_plain_tensor_custom(%x: tensor<4xf32>) {
  // expected-error@+1 {{'echo.decode' operand must be an !echo.encoded value, got 'tensor<4xf32>'}}
  %y = echo.decode %x : tensor<4xf32>
  return
}

// -----

func.func @decode_result_type(%e: !echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = "echo.decode"(%e) : (!echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>) -> tensor<4xf16>
  return
}

// -----

func.func @offload_dynamic(%x: tensor<?x512xf32>) {
  // expected-error@+1 {{host tensor must have a static shape, got 'tensor<?x512xf32>'}}
  %h, %t = echo.offload %x : tensor<?x512xf32>
  return
}

// -----

func.func @offload_result_type(%x: tensor<64x512xf32>) {
  // expected-error@+2 {{inferred type(s) '!echo.host<tensor<64x512xf32>>', '!echo.token' are incompatible with return type(s) of operation '!echo.host<tensor<512x64xf32>>', '!echo.token'}}
  // expected-error@+1 {{failed to infer returned types}}
  %h, %t = "echo.offload"(%x) : (tensor<64x512xf32>) -> (!echo.host<tensor<512x64xf32>>, !echo.token)
  return
}

// -----

func.func @prefetch_token(%h: !echo.host<tensor<64x512xf32>>, %t: tensor<f32>) {
  // expected-error@+1 {{operand #1 must be Completion of an asynchronous copy, but got 'tensor<f32>'}}
  %y = "echo.prefetch"(%h, %t) : (!echo.host<tensor<64x512xf32>>, tensor<f32>) -> tensor<64x512xf32>
  return
}

// -----

func.func @prefetch_device_tensor(%x: tensor<64x512xf32>, %t: !echo.token) {
  // expected-error@+1 {{'echo.prefetch' operand must be an !echo.host value, got 'tensor<64x512xf32>'}}
  %y = echo.prefetch %x after %t : tensor<64x512xf32>
  return
}

// -----

func.func @prefetch_result_type(%h: !echo.host<tensor<64x512xf32>>, %t: !echo.token) {
  // expected-error@+2 {{inferred type(s) 'tensor<64x512xf32>' are incompatible with return type(s) of operation 'tensor<64x256xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %y = "echo.prefetch"(%h, %t) : (!echo.host<tensor<64x512xf32>>, !echo.token) -> tensor<64x256xf32>
  return
}

// -----

func.func @pool_argmax_grad_window(%x: tensor<1x1x4x4xf32>, %dy: tensor<1x1x2x2xf32>) {
  %e = echo.encode %x : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>
  // expected-error@+2 {{window (kernel, stride, padding) differs from the encoding's}}
  // expected-error@+1 {{'echo.max_pool2d_grad_argmax' op failed to infer returned types}}
  %dx = echo.max_pool2d_grad_argmax %e, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>} : (!echo.encoded<tensor<1x1x4x4xf32>, #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @pool_argmax_grad_kind(%x: tensor<1x1x4x4xf32>, %dy: tensor<1x1x2x2xf32>) {
  %e = echo.encode %x : tensor<1x1x4x4xf32> as #echo.encoding<fp16>
  // expected-error@+2 {{needs a pool_argmax encoding}}
  // expected-error@+1 {{'echo.max_pool2d_grad_argmax' op failed to infer returned types}}
  %dx = echo.max_pool2d_grad_argmax %e, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (!echo.encoded<tensor<1x1x4x4xf32>, #echo.encoding<fp16>>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @pool_argmax_grad_result(%x: tensor<1x1x4x4xf32>, %dy: tensor<1x1x2x2xf32>) {
  %e = echo.encode %x : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>
  // expected-error@+2 {{'echo.max_pool2d_grad_argmax' op inferred type(s) 'tensor<1x1x4x4xf32>' are incompatible with return type(s) of operation 'tensor<1x1x5x5xf32>'}}
  // expected-error@+1 {{'echo.max_pool2d_grad_argmax' op failed to infer returned types}}
  %dx = echo.max_pool2d_grad_argmax %e, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (!echo.encoded<tensor<1x1x4x4xf32>, #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>>, tensor<1x1x2x2xf32>) -> tensor<1x1x5x5xf32>
  return
}

// -----

func.func @relu_grad_encoded_kind(%y: tensor<8x64xf32>, %dy: tensor<8x64xf32>) {
  %e = echo.encode %y : tensor<8x64xf32> as #echo.encoding<fp16>
  // expected-error@+2 {{needs a binarize encoding}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx = echo.relu_grad_encoded %e, %dy : (!echo.encoded<tensor<8x64xf32>, #echo.encoding<fp16>>, tensor<8x64xf32>) -> tensor<8x64xf32>
  return
}

// -----

func.func @relu_grad_encoded_type(%y: tensor<8x64xf32>, %dy: tensor<8x32xf32>) {
  %e = echo.encode %y : tensor<8x64xf32> as #echo.encoding<binarize>
  // expected-error@+2 {{grad and result types must be the encoded type}}
  // expected-error@+1 {{failed to infer returned types}}
  %dx = echo.relu_grad_encoded %e, %dy : (!echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>, tensor<8x32xf32>) -> tensor<8x32xf32>
  return
}
