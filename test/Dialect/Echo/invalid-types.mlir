// RUN: echo-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// #echo.encoding
//===----------------------------------------------------------------------===//

func.func @unknown_kind(%a: tensor<4xf32>) {
  // expected-error@+1 {{unknown encoding 'fp4'}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<fp4>
  return
}

// -----

func.func @unknown_parameter(%a: tensor<4xf32>) {
  // expected-error@+1 {{unknown encoding parameter 'window'}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<csr, window = [2, 2]>
  return
}

// -----

func.func @csr_without_density(%a: tensor<4xf32>) {
  // expected-error@+1 {{'csr' encoding requires a density}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<csr>
  return
}

// -----

func.func @density_without_csr(%a: tensor<4xf32>) {
  // expected-error@+1 {{'density' is only allowed with 'csr'}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<fp16, density = 0.5>
  return
}

// -----

func.func @density_zero(%a: tensor<4xf32>) {
  // expected-error@+1 {{density must be in (0, 1], got 0.000000e+00}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<csr, density = 0.0>
  return
}

// -----

func.func @density_above_one(%a: tensor<4xf32>) {
  // expected-error@+1 {{density must be in (0, 1], got 1.500000e+00}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<csr, density = 1.5>
  return
}

// -----

func.func @kernel_without_pool(%a: tensor<4xf32>) {
  // expected-error@+1 {{'kernel', 'stride' and 'padding' are only allowed with 'pool_argmax'}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<binarize, kernel = [2, 2]>
  return
}

// -----

func.func @pool_without_stride(%a: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{'pool_argmax' encoding requires kernel and stride}}
  %e = echo.encode %a : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2]>
  return
}

// -----

func.func @pool_kernel_rank(%a: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{kernel must have 2 entries}}
  %e = echo.encode %a : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2, 2], stride = [2, 2]>
  return
}

// -----

func.func @pool_padding_rank(%a: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{padding must have 2 entries}}
  %e = echo.encode %a : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2], padding = []>
  return
}

// -----

func.func @pool_kernel_zero(%a: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{kernel entries must be >= 1}}
  %e = echo.encode %a : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [0, 2], stride = [2, 2]>
  return
}

// -----

func.func @pool_padding_negative(%a: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{padding entries must be >= 0}}
  %e = echo.encode %a : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2], padding = [-1, 0]>
  return
}

// -----

// 17 x 17 = 289 window positions do not fit in 8 bits.
func.func @pool_window_too_large(%a: tensor<1x1x32x32xf32>) {
  // expected-error@+1 {{pool windows of more than 256 positions cannot be encoded, got a 17x17 kernel}}
  %e = echo.encode %a : tensor<1x1x32x32xf32> as #echo.encoding<pool_argmax, kernel = [17, 17], stride = [1, 1]>
  return
}

// -----

// Each kernel entry is bounded on its own, so the product cannot overflow.
func.func @pool_window_huge(%a: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{pool windows of more than 256 positions cannot be encoded, got a 4294967296x4294967296 kernel}}
  %e = echo.encode %a : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [4294967296, 4294967296], stride = [1, 1]>
  return
}

// -----

func.func @pool_padding_not_smaller(%a: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{padding must be smaller than the kernel}}
  %e = echo.encode %a : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2], padding = [0, 2]>
  return
}

// -----

//===----------------------------------------------------------------------===//
// !echo.encoded
//===----------------------------------------------------------------------===//

// expected-error@+1 {{encoded tensor must have a static shape, got 'tensor<?x4xf32>'}}
func.func @encoded_dynamic(%a: !echo.encoded<tensor<?x4xf32>, #echo.encoding<fp16>>) {
  return
}

// -----

// expected-error@+1 {{'mask1' encodes i1 masks, got 'tensor<4xf32>'}}
func.func @mask1_float(%a: !echo.encoded<tensor<4xf32>, #echo.encoding<mask1>>) {
  return
}

// -----

// expected-error@+1 {{'fp16' reduces f32 tensors, got 'tensor<4xf16>'}}
func.func @fp16_of_f16(%a: !echo.encoded<tensor<4xf16>, #echo.encoding<fp16>>) {
  return
}

// -----

// fp16 keeps no fewer bits of a bf16 and loses its range.
// expected-error@+1 {{'fp16' reduces f32 tensors, got 'tensor<4xbf16>'}}
func.func @fp16_of_bf16(%a: !echo.encoded<tensor<4xbf16>, #echo.encoding<fp16>>) {
  return
}

// -----

// expected-error@+1 {{'fp10' reduces f32, f16 or bf16 tensors, got 'tensor<4xi64>'}}
func.func @fp10_of_i64(%a: !echo.encoded<tensor<4xi64>, #echo.encoding<fp10>>) {
  return
}

// -----

// expected-error@+1 {{'fp8' reduces f32, f16 or bf16 tensors, got 'tensor<4xi32>'}}
func.func @fp8_of_i32(%a: !echo.encoded<tensor<4xi32>, #echo.encoding<fp8>>) {
  return
}

// -----

// expected-error@+1 {{'binarize' encodes float tensors, got 'tensor<4xi1>'}}
func.func @binarize_of_i1(%a: !echo.encoded<tensor<4xi1>, #echo.encoding<binarize>>) {
  return
}

// -----

// expected-error@+1 {{'csr' encodes float tensors, got 'tensor<4xi64>'}}
func.func @csr_of_i64(%a: !echo.encoded<tensor<4xi64>, #echo.encoding<csr, density = 0.5>>) {
  return
}

// -----

// expected-error@+1 {{'pool_argmax' encodes float tensors, got 'tensor<1x1x4x4xi32>'}}
func.func @pool_of_i32(%a: !echo.encoded<tensor<1x1x4x4xi32>, #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>>) {
  return
}

// -----

// expected-error@+1 {{'pool_argmax' encodes the NCHW input of a max pooling, got 'tensor<4x4xf32>'}}
func.func @pool_rank(%a: !echo.encoded<tensor<4x4xf32>, #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>>) {
  return
}

// -----

// expected-error@+1 {{pool window does not fit 'tensor<1x1x2x2xf32>'}}
func.func @pool_window_does_not_fit(%a: !echo.encoded<tensor<1x1x2x2xf32>, #echo.encoding<pool_argmax, kernel = [3, 3], stride = [1, 1]>>) {
  return
}

// -----

// Padding is taken into account: 1 + 2*1 = 3 still misses a 4-wide window.
// expected-error@+1 {{pool window does not fit 'tensor<1x1x1x8xf32>'}}
func.func @pool_window_does_not_fit_padded(%a: !echo.encoded<tensor<1x1x1x8xf32>, #echo.encoding<pool_argmax, kernel = [4, 4], stride = [1, 1], padding = [1, 1]>>) {
  return
}

// -----

// The attribute is also checked when it is nested in a type.
// expected-error@+2 {{density must be in (0, 1], got 2.000000e+00}}
// expected-error@+1 {{failed to parse Echo_EncodedType parameter 'encoding'}}
func.func @nested_density(%a: !echo.encoded<tensor<4xf32>, #echo.encoding<csr, density = 2.0>>) {
  return
}

// -----

// The tensor of an encoded type must be ranked.
// expected-error@+2 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
// expected-error@+1 {{failed to parse Echo_EncodedType parameter 'tensorType'}}
func.func @encoded_unranked(%a: !echo.encoded<tensor<*xf32>, #echo.encoding<fp16>>) {
  return
}

// -----

// echo.encode infers its result type, so the type rules fire on the op.
func.func @encode_mask1_of_f32(%a: tensor<4xf32>) {
  // expected-error@+1 {{'mask1' encodes i1 masks, got 'tensor<4xf32>'}}
  %e = echo.encode %a : tensor<4xf32> as #echo.encoding<mask1>
  return
}

// -----

//===----------------------------------------------------------------------===//
// !echo.host
//===----------------------------------------------------------------------===//

// expected-error@+1 {{host tensor must have a static shape, got 'tensor<?xf32>'}}
func.func @host_dynamic(%a: !echo.host<tensor<?xf32>>) {
  return
}

// -----

// expected-error@+1 {{host value must be a ranked tensor or an encoded tensor, got 'tensor<*xf32>'}}
func.func @host_unranked(%a: !echo.host<tensor<*xf32>>) {
  return
}
