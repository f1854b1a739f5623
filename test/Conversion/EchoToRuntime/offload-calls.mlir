// Bufferization lowers echo.offload and echo.prefetch to their runtime
// entries (runtime/include/echo/abi.def): the offload reads the stash's
// buffer for the last time (echo_offload with the host pool slot, numbered
// per step), the prefetch fills a fresh buffer from the same slot. The host value and the token are the slot: nothing
// of them is left after bufferization. An encoded stash moves as its bytes.
// RUN: echo-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   | FileCheck %s --implicit-check-not=echo.offload --implicit-check-not=echo.prefetch \
// RUN:     --implicit-check-not=unrealized_conversion_cast --implicit-check-not=memref.copy
//
// echo-runtime-context: before the step frees an offloaded buffer, it
// waits for the copy that reads it (echo_offload_wait on its slot).
// RUN: echo-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" --buffer-deallocation-pipeline --convert-bufferization-to-memref --echo-runtime-context \
// RUN:   | FileCheck %s --check-prefix=WAIT

func.func @two(%x: tensor<4x8xf32>, %y: tensor<16xf32>) -> (tensor<4x8xf32>, tensor<16xf32>) {
  %a = echo.relu %x : tensor<4x8xf32>
  %h, %t = echo.offload %a : tensor<4x8xf32>
  %h2, %t2 = echo.offload %y : tensor<16xf32>
  %p = echo.prefetch %h after %t : !echo.host<tensor<4x8xf32>>
  %q = echo.prefetch %h2 after %t2 : !echo.host<tensor<16xf32>>
  %b = echo.relu %p : tensor<4x8xf32>
  return %b, %q : tensor<4x8xf32>, tensor<16xf32>
}
// CHECK-DAG: func.func private @echo_offload(memref<*xf32>, i64)
// CHECK-DAG: func.func private @echo_prefetch(memref<*xf32>, i64)
// CHECK-LABEL: func.func @two(
// CHECK: %[[A:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.relu"
// CHECK-NEXT: %[[AU:.*]] = memref.cast %[[A]] : memref<4x8xf32> to memref<*xf32>
// CHECK: call @echo_unary(
// CHECK: %[[S0:.*]] = arith.constant 0 : i64
// CHECK: call @echo_offload(%[[AU]], %[[S0]]) : (memref<*xf32>, i64) -> ()
// CHECK: %[[S1:.*]] = arith.constant 1 : i64
// CHECK: call @echo_offload(%{{.*}}, %[[S1]]) : (memref<*xf32>, i64) -> ()
// CHECK: %[[P:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.prefetch"{{.*}} : memref<4x8xf32>
// CHECK: %[[PU:.*]] = memref.cast %[[P]]
// CHECK: %[[PS:.*]] = arith.constant 0 : i64
// CHECK: call @echo_prefetch(%[[PU]], %[[PS]]) : (memref<*xf32>, i64) -> ()
// CHECK: %[[Q:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.prefetch"{{.*}} : memref<16xf32>
// CHECK: %[[QS:.*]] = arith.constant 1 : i64
// CHECK: call @echo_prefetch(%{{.*}}, %[[QS]]) : (memref<*xf32>, i64) -> ()
// CHECK: call @echo_unary(

// The relu's buffer is freed after its offload: wait for slot 0 first.
// WAIT-LABEL: func.func @two(
// WAIT: call @echo_offload(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, memref<*xf32>, i64) -> i32
// WAIT: %[[W:.*]] = arith.constant 0 : i64
// WAIT: call @echo_offload_wait(%{{.*}}, %[[W]]) : (!llvm.ptr, i64) -> i32
// WAIT: llvm.call @echo_free(

// -----

// A Gist-encoded stash goes to the host as its bytes (echo_offload_bytes).
func.func @encoded(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = echo.encode %x : tensor<4x8xf32> as #echo.encoding<fp16>
  %h, %t = echo.offload %e : !echo.encoded<tensor<4x8xf32>, #echo.encoding<fp16>>
  %p = echo.prefetch %h after %t : !echo.host<!echo.encoded<tensor<4x8xf32>, #echo.encoding<fp16>>>
  %d = echo.decode %p : !echo.encoded<tensor<4x8xf32>, #echo.encoding<fp16>>
  return %d : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @encoded(
// CHECK: call @echo_encode_fp16(
// CHECK: %[[S:.*]] = arith.constant 0 : i64
// CHECK: call @echo_offload_bytes(%{{.*}}, %[[S]]) : (memref<*xi8>, i64) -> ()
// CHECK: %[[P:.*]] = memref.alloc() {{.*}} : memref<64xi8>
// CHECK: call @echo_prefetch_bytes(%{{.*}}, %{{.*}}) : (memref<*xi8>, i64) -> ()
// CHECK: call @echo_decode_fp16(
// WAIT-LABEL: func.func @encoded(

// -----

// Masks, i32 and i64 indices go to the host too, each through the entry of
// its element type (runtime/include/echo/offload_types.def), slots numbered
// across them.
func.func @types(%m: tensor<8xi1>, %i: tensor<4xi32>, %l: tensor<2xi64>) -> (tensor<8xi1>, tensor<4xi32>, tensor<2xi64>) {
  %hm, %tm = echo.offload %m : tensor<8xi1>
  %hi, %ti = echo.offload %i : tensor<4xi32>
  %hl, %tl = echo.offload %l : tensor<2xi64>
  %pm = echo.prefetch %hm after %tm : !echo.host<tensor<8xi1>>
  %pi = echo.prefetch %hi after %ti : !echo.host<tensor<4xi32>>
  %pl = echo.prefetch %hl after %tl : !echo.host<tensor<2xi64>>
  return %pm, %pi, %pl : tensor<8xi1>, tensor<4xi32>, tensor<2xi64>
}
// CHECK-LABEL: func.func @types(
// CHECK: %[[S0:.*]] = arith.constant 0 : i64
// CHECK: call @echo_offload_mask(%{{.*}}, %[[S0]]) : (memref<*xi1>, i64) -> ()
// CHECK: %[[S1:.*]] = arith.constant 1 : i64
// CHECK: call @echo_offload_i32(%{{.*}}, %[[S1]]) : (memref<*xi32>, i64) -> ()
// CHECK: %[[S2:.*]] = arith.constant 2 : i64
// CHECK: call @echo_offload_i64(%{{.*}}, %[[S2]]) : (memref<*xi64>, i64) -> ()
// CHECK: memref.alloc() {{.*}}echo.alloc_for = "echo.prefetch"{{.*}} : memref<8xi1>
// CHECK: call @echo_prefetch_mask(%{{.*}}, %{{.*}}) : (memref<*xi1>, i64) -> ()
// CHECK: memref.alloc() {{.*}}echo.alloc_for = "echo.prefetch"{{.*}} : memref<4xi32>
// CHECK: call @echo_prefetch_i32(%{{.*}}, %{{.*}}) : (memref<*xi32>, i64) -> ()
// CHECK: memref.alloc() {{.*}}echo.alloc_for = "echo.prefetch"{{.*}} : memref<2xi64>
// CHECK: call @echo_prefetch_i64(%{{.*}}, %{{.*}}) : (memref<*xi64>, i64) -> ()
// WAIT-LABEL: func.func @types(
