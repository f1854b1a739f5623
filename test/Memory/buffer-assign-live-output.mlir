// echo-buffer-assign must not reuse a dying input's slot for an output
// buffer that already holds a live value. The in-place rule is "the output
// takes the slot of an input whose lifetime ends at this call"; it is only
// sound when the output buffer is fresh at the call (allocated, not yet
// written or read), since the slot has room for one of the two values.
// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-buffer-assign))' | FileCheck %s

func.func private @echo_unary(i64, memref<*xf32>, memref<*xf32>)
func.func private @echo_binary(i64, memref<*xf32>, memref<*xf32>, memref<*xf32>)
func.func private @echo_reduce(memref<*xf32>, memref<*xf32>)

// %0 is written at point 6 and is both an input and the output of the
// binary at point 8 (an in-place accumulation, %0 = %1 + %0). %1 dies there, but %0
// cannot take %1's slot: both hold live data when the call reads them.
// Each keeps its own slot.
// CHECK-LABEL: func.func @output_already_live
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 512,
// CHECK: echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = 1, last = 9, slot = 0>
// CHECK: echo.slice = #echo.slice<offset = 256, bytes = {{[0-9]+}}, first = 2, last = 8, slot = 1>
func.func @output_already_live(%a: memref<64xf32>) {
  %k = arith.constant 0 : i64
  %0 = memref.alloc() : memref<64xf32>
  %1 = memref.alloc() : memref<64xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %c0 = memref.cast %0 : memref<64xf32> to memref<*xf32>
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  call @echo_unary(%k, %ca, %c0) {echo.in_place = array<i64: 0, 1>} : (i64, memref<*xf32>, memref<*xf32>) -> ()
  call @echo_unary(%k, %ca, %c1) {echo.in_place = array<i64: 0, 1>} : (i64, memref<*xf32>, memref<*xf32>) -> ()
  call @echo_binary(%k, %c1, %c0, %c0) {echo.in_place = array<i64: 0, 2, 1, 2>} : (i64, memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c0, %ca) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

