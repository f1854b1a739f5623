// echo-runtime-context{math=...}: a step compiled with math=tf32 asks the
// runtime for TF32 tensor-core math and its fastest algorithms right after
// echo_step_begin (echo_step_set_math with ECHO_MATH_TF32 = 1); the
// default, math=ieee, emits no call (echo_step_begin resets the mode).
// RUN: echo-opt %s '--echo-runtime-context=math=tf32' | FileCheck %s --check-prefix=TF32
// RUN: echo-opt %s --echo-runtime-context | FileCheck %s --check-prefix=IEEE --implicit-check-not=echo_step_set_math
// RUN: echo-opt %s '--echo-runtime-context=math=ieee' | FileCheck %s --check-prefix=IEEE --implicit-check-not=echo_step_set_math
// An unknown mode is an option error.
// RUN: not echo-opt %s '--echo-runtime-context=math=fp16' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: Cannot find option named 'fp16'

// TF32-DAG: func.func private @echo_step_set_math(!llvm.ptr, i64) -> i32
// TF32-LABEL: func.func @step(
// TF32-SAME: %[[CTX:.*]]: !llvm.ptr,
// TF32: call @echo_step_begin(%[[CTX]], %{{.*}}) : (!llvm.ptr, i64) -> i32
// TF32-NEXT: %[[MODE:.*]] = arith.constant 1 : i64
// TF32-NEXT: call @echo_step_set_math(%[[CTX]], %[[MODE]]) : (!llvm.ptr, i64) -> i32
// TF32: call @echo_unary(%[[CTX]],
// TF32: call @echo_step_end(%[[CTX]])
// A function that is not a step (private) does not set the mode.
// TF32-LABEL: func.func private @helper(
// TF32-NOT: echo_step_set_math
// TF32: return

// IEEE-LABEL: func.func @step(
// IEEE: call @echo_step_begin(
// IEEE: call @echo_unary(

func.func private @echo_unary(i64, memref<*xf32>, memref<*xf32>)
func.func @step(%x: memref<4xf32>, %y: memref<4xf32>) {
  %k = arith.constant 0 : i64
  %xu = memref.cast %x : memref<4xf32> to memref<*xf32>
  %yu = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @echo_unary(%k, %xu, %yu) : (i64, memref<*xf32>, memref<*xf32>) -> ()
  call @helper(%x, %y) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
func.func private @helper(%x: memref<4xf32>, %y: memref<4xf32>) {
  %k = arith.constant 0 : i64
  %xu = memref.cast %x : memref<4xf32> to memref<*xf32>
  %yu = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @echo_unary(%k, %xu, %yu) : (i64, memref<*xf32>, memref<*xf32>) -> ()
  return
}
