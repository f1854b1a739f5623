// 16-bit stashes move to host memory and back through their own entries of
// echo/offload_types.def (two bytes an element): echo_offload_f16 /
// echo_prefetch_f16 and the _bf16 pair.
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// CHECK-DAG: func.func private @echo_offload_f16(memref<*xf16>, i64)
// CHECK-DAG: func.func private @echo_prefetch_f16(memref<*xf16>, i64)
// CHECK-DAG: func.func private @echo_offload_bf16(memref<*xbf16>, i64)
// CHECK-DAG: func.func private @echo_prefetch_bf16(memref<*xbf16>, i64)
// CHECK-LABEL: func.func @half(
// CHECK: call @echo_offload_f16(
// CHECK: call @echo_offload_bf16(
// CHECK: call @echo_prefetch_f16(
// CHECK: call @echo_prefetch_bf16(
func.func @half(%y: tensor<16xf16>, %z: tensor<8xbf16>) -> (tensor<16xf16>, tensor<8xbf16>) {
  %h, %t = echo.offload %y : tensor<16xf16>
  %h2, %t2 = echo.offload %z : tensor<8xbf16>
  %q = echo.prefetch %h after %t : !echo.host<tensor<16xf16>>
  %q2 = echo.prefetch %h2 after %t2 : !echo.host<tensor<8xbf16>>
  return %q, %q2 : tensor<16xf16>, tensor<8xbf16>
}
