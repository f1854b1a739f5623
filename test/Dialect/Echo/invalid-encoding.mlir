// RUN: echo-opt %s -split-input-file -verify-diagnostics
// Errors of #echo.encoding, !echo.encoded, !echo.host and the ops using them
// (encode, decode, stash, offload, prefetch).

func.func @decode_non_encoded_generic(%x: tensor<4xf32>) {
  // expected-error @+1 {{'echo.decode' op operand #0 must be encoded tensor, but got 'tensor<4xf32>'}}
  %y = "echo.decode"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// decode of a plain tensor: must be a located error, not a silent failure.
func.func @decode_non_encoded_value(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{'echo.decode' operand must be an !echo.encoded value, got 'tensor<64x512xf32>'}}
  %y = echo.decode %x : tensor<64x512xf32>
  return
}

// -----

// 2^62 x 2 x 4 x 4 elements: the !echo.encoded verifier must reject the size
// before any storage computation can overflow int64.
// expected-error @+1 {{encoded tensor 'tensor<4611686018427387904x2x4x4xf32>' exceeds the 281474976710656-byte size limit}}
func.func @decode_pool_argmax_huge_tensor(%e: !echo.encoded<tensor<4611686018427387904x2x4x4xf32>, #echo.encoding<pool_argmax, kernel = [1, 1], stride = [1, 1]>>) {
  %y = echo.decode %e : !echo.encoded<tensor<4611686018427387904x2x4x4xf32>, #echo.encoding<pool_argmax, kernel = [1, 1], stride = [1, 1]>>
  return
}

// -----

func.func @encode_binarize_on_i32(%x: tensor<64xi32>) {
  // expected-error @+1 {{'binarize' encodes float tensors, got 'tensor<64xi32>'}}
  %e = echo.encode %x : tensor<64xi32> as #echo.encoding<binarize>
  return
}

// -----

func.func @encode_dynamic_shape(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{encoded tensor must have a static shape, got 'tensor<?x4xf32>'}}
  %e = echo.encode %x : tensor<?x4xf32> as #echo.encoding<fp8>
  return
}

// -----

func.func @encode_fp16_on_f16(%x: tensor<64x512xf16>) {
  // expected-error @+1 {{'fp16' reduces f32 tensors, got 'tensor<64x512xf16>'}}
  %e = echo.encode %x : tensor<64x512xf16> as #echo.encoding<fp16>
  return
}

// -----

func.func @encode_mask1_on_f32(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{'mask1' encodes i1 masks, got 'tensor<64x512xf32>'}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<mask1>
  return
}

// -----

func.func @encode_unknown_encoding(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{unknown encoding 'fp4'}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp4>
  return
}

// -----

// The pooled element count INT64_MAX * 32 overflows int64 in the storage
// size computation (signed overflow; visible under UBSan).
// expected-error @+1 {{tensor<9223372036854775807x2x4x4xf32>}}
func.func @encoded_pool_argmax_huge_tensor(%e: !echo.encoded<tensor<9223372036854775807x2x4x4xf32>, #echo.encoding<pool_argmax, kernel = [1, 1], stride = [1, 1]>>) {
  return
}

// -----

// expected-error @+2 {{failed to parse Echo_EncodedType parameter 'encoding' which is to be a `::mlir::echo::EncodingAttr`}}
// expected-error @+1 {{expected '<'}}
func.func @encoded_type_bad_encoding_attr(%e: !echo.encoded<tensor<4xf32>, 42 : i64>) {
  return
}

// -----

// expected-error @+1 {{encoded tensor must have a static shape, got 'tensor<?x4xf32>'}}
func.func @encoded_type_dynamic_shape(%e: !echo.encoded<tensor<?x4xf32>, #echo.encoding<fp8>>) {
  return
}

// -----

// expected-error @+2 {{failed to parse Echo_EncodedType parameter 'tensorType'}}
// expected-error @+1 {{expected non-function type}}
func.func @encoded_type_empty(%e: !echo.encoded<>) {
  return
}

// -----

// expected-error @+2 {{invalid kind of type specified}}
// expected-error @+1 {{failed to parse Echo_EncodedType parameter 'tensorType' which is to be a `::mlir::RankedTensorType`}}
func.func @encoded_type_unranked(%e: !echo.encoded<tensor<*xf32>, #echo.encoding<fp8>>) {
  return
}

// -----

func.func @encoding_csr_density_out_of_range(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{density must be in (0, 1], got 1.5}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<csr, density = 1.5>
  return
}

// -----

func.func @encoding_csr_without_density(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{'csr' encoding requires a density}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<csr>
  return
}

// -----

func.func @encoding_density_not_a_number(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{expected floating point literal}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<csr, density = dense>
  return
}

// -----

func.func @encoding_density_on_fp16(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{'density' is only allowed with 'csr'}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp16, density = 0.5>
  return
}

// -----

func.func @encoding_empty(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected valid keyword}}
  %e = echo.encode %x : tensor<4xf32> as #echo.encoding<>
  return
}

// -----

func.func @encoding_kernel_on_fp8(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{'kernel', 'stride' and 'padding' are only allowed with 'pool_argmax'}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp8, kernel = [2, 2]>
  return
}

// -----

// kernel[0] * kernel[1] = 2^62 * 4 wraps to 0 in int64 and slips under the
// 256-position limit.
func.func @encoding_pool_argmax_kernel_overflow(%x: tensor<1x1x8x8xf32>) {
  // expected-error @+1 {{pool windows of more than 256 positions cannot be encoded}}
  %e = echo.encode %x : tensor<1x1x8x8xf32> as #echo.encoding<pool_argmax, kernel = [4611686018427387904, 4], stride = [1, 1]>
  return
}

// -----

func.func @encoding_pool_argmax_missing_stride(%x: tensor<1x1x8x8xf32>) {
  // expected-error @+1 {{'pool_argmax' encoding requires kernel and stride}}
  %e = echo.encode %x : tensor<1x1x8x8xf32> as #echo.encoding<pool_argmax, kernel = [2, 2]>
  return
}

// -----

func.func @encoding_pool_argmax_rank(%x: tensor<8x8xf32>) {
  // expected-error @+1 {{'pool_argmax' encodes the NCHW input of a max pooling, got 'tensor<8x8xf32>'}}
  %e = echo.encode %x : tensor<8x8xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>
  return
}

// -----

func.func @encoding_pool_argmax_window_does_not_fit(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{pool window does not fit 'tensor<1x1x2x2xf32>'}}
  %e = echo.encode %x : tensor<1x1x2x2xf32> as #echo.encoding<pool_argmax, kernel = [3, 3], stride = [1, 1]>
  return
}

// -----

func.func @encoding_pool_argmax_window_too_big(%x: tensor<1x1x32x32xf32>) {
  // expected-error @+1 {{pool windows of more than 256 positions cannot be encoded}}
  %e = echo.encode %x : tensor<1x1x32x32xf32> as #echo.encoding<pool_argmax, kernel = [17, 17], stride = [1, 1]>
  return
}

// -----

func.func @encoding_pool_argmax_zero_stride(%x: tensor<1x1x8x8xf32>) {
  // expected-error @+1 {{stride entries must be >= 1}}
  %e = echo.encode %x : tensor<1x1x8x8xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [0, 2]>
  return
}

// -----

func.func @encoding_unknown_parameter(%x: tensor<64x512xf32>) {
  // expected-error @+1 {{unknown encoding parameter 'bits'}}
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp8, bits = [8]>
  return
}

// -----

// expected-error @+1 {{host tensor must have a static shape, got 'tensor<?x4xf32>'}}
func.func @host_type_dynamic_shape(%h: !echo.host<tensor<?x4xf32>>) {
  return
}

// -----

// The inferred !echo.host type must not be built from a dynamic shape
// (HostType::get with invalid parameters asserts in +Asserts builds).
func.func @offload_dynamic_shape(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{host tensor must have a static shape, got 'tensor<?x4xf32>'}}
  %h, %t = echo.offload %x : tensor<?x4xf32>
  return
}

// -----

// prefetch of a device tensor: must be a located error, not a silent failure.
func.func @prefetch_non_host_value(%x: tensor<4xf32>, %t: !echo.token) {
  // expected-error @+1 {{'echo.prefetch' operand must be an !echo.host value, got 'tensor<4xf32>'}}
  %y = echo.prefetch %x after %t : tensor<4xf32>
  return
}

// -----

func.func @stash_encoded_value(%e: !echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>) {
  // expected-error @+1 {{custom op 'echo.stash' invalid kind of type specified: expected builtin.tensor, but found '!echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>'}}
  %s = echo.stash %e : !echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>
  return
}
