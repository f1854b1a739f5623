// fp10 and fp8 of a 16-bit tensor (Gist's DPR of a bf16 or f16 stash) call
// the entries of abi.def whose names end in the element type and whose
// tensor parameter is 16-bit: echo_encode_fp8_bf16, echo_decode_fp10_f16,
// ...; an f32 tensor keeps the plain entry.
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// CHECK-DAG: func.func private @echo_encode_fp8_bf16(memref<*xbf16>, memref<*xi8>)
// CHECK-DAG: func.func private @echo_decode_fp8_bf16(memref<*xi8>, memref<*xbf16>)
// CHECK-DAG: func.func private @echo_encode_fp10_f16(memref<*xf16>, memref<*xi8>)
// CHECK-DAG: func.func private @echo_decode_fp10_f16(memref<*xi8>, memref<*xf16>)
// CHECK-DAG: func.func private @echo_encode_fp8(memref<*xf32>, memref<*xi8>)
// CHECK-DAG: func.func private @echo_decode_fp8(memref<*xi8>, memref<*xf32>)
// CHECK-LABEL: func.func @reduced(
// CHECK: call @echo_encode_fp8_bf16(
// CHECK: call @echo_decode_fp8_bf16(
// CHECK: call @echo_encode_fp10_f16(
// CHECK: call @echo_decode_fp10_f16(
// CHECK: call @echo_encode_fp8(
// CHECK: call @echo_decode_fp8(
func.func @reduced(%y: tensor<8x64xbf16>, %z: tensor<8x64xf16>, %w: tensor<8x64xf32>)
    -> (tensor<8x64xbf16>, tensor<8x64xf16>, tensor<8x64xf32>) {
  %e = echo.encode %y : tensor<8x64xbf16> as #echo.encoding<fp8>
  %d = echo.decode %e : !echo.encoded<tensor<8x64xbf16>, #echo.encoding<fp8>>
  %e2 = echo.encode %z : tensor<8x64xf16> as #echo.encoding<fp10>
  %d2 = echo.decode %e2 : !echo.encoded<tensor<8x64xf16>, #echo.encoding<fp10>>
  %e3 = echo.encode %w : tensor<8x64xf32> as #echo.encoding<fp8>
  %d3 = echo.decode %e3 : !echo.encoded<tensor<8x64xf32>, #echo.encoding<fp8>>
  return %d, %d2, %d3 : tensor<8x64xbf16>, tensor<8x64xf16>, tensor<8x64xf32>
}
