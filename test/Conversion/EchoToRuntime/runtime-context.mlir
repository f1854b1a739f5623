// echo-runtime-context: the step takes the context first and returns the
// status of echo_step_end; every entry gets the context and returns a
// status; a failing entry adds its op's location; allocations and frees go
// through the context.
// RUN: echo-opt %s --echo-runtime-context --split-input-file | FileCheck %s --implicit-check-not=memref.alloc --implicit-check-not=memref.dealloc

// CHECK-DAG: llvm.mlir.global internal constant @__echo_location_0("step.mlir:7:3\00")
// CHECK-DAG: func.func private @echo_unary(!llvm.ptr, i64, memref<*xf32>, memref<*xf32>) -> i32
// CHECK-DAG: func.func private @echo_step_begin(!llvm.ptr, i64) -> i32
// CHECK-DAG: func.func private @echo_step_end(!llvm.ptr) -> i32
// CHECK-LABEL: func.func @step(
// CHECK-SAME: %[[CTX:.*]]: !llvm.ptr, %[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4xf32>) -> i32
// CHECK: %[[V:.*]] = arith.constant 5 : i64
// CHECK: call @echo_step_begin(%[[CTX]], %[[V]]) : (!llvm.ptr, i64) -> i32
// CHECK: %[[SITE:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: %[[P:.*]] = llvm.call @echo_alloc(%[[CTX]], %{{.*}}, %[[SITE]]) : (!llvm.ptr, i64, i64) -> !llvm.ptr
// CHECK: %[[S:.*]] = call @echo_unary(%[[CTX]], %{{.*}}) : (!llvm.ptr, i64, memref<*xf32>, memref<*xf32>) -> i32
// CHECK: %[[FAILED:.*]] = arith.cmpi ne, %[[S]], %{{.*}} : i32
// CHECK: scf.if %[[FAILED]] {
// CHECK:   %[[WHERE:.*]] = llvm.mlir.addressof @__echo_location_0 : !llvm.ptr
// CHECK:   call @echo_error_location(%[[CTX]], %[[WHERE]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK: }
// CHECK: call @echo_unary(%[[CTX]], %{{.*}}) : (!llvm.ptr, i64, memref<*xf32>, memref<*xf32>) -> i32
// CHECK: llvm.call @echo_free(%[[CTX]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK: %[[STATUS:.*]] = call @echo_step_end(%[[CTX]]) : (!llvm.ptr) -> i32
// CHECK: return %[[STATUS]] : i32
func.func private @echo_unary(i64, memref<*xf32>, memref<*xf32>)
func.func @step(%x: memref<4xf32>, %y: memref<4xf32>) {
  %k = arith.constant 0 : i64
  %t = memref.alloc() {echo.alloc_site = 3 : i64} : memref<4xf32>
  %xu = memref.cast %x : memref<4xf32> to memref<*xf32>
  %tu = memref.cast %t : memref<4xf32> to memref<*xf32>
  %yu = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @echo_unary(%k, %xu, %tu) : (i64, memref<*xf32>, memref<*xf32>) -> () loc("step.mlir":7:3)
  call @echo_unary(%k, %tu, %yu) : (i64, memref<*xf32>, memref<*xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// A private helper with a body gets the context too; only public functions
// are steps.
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME: %[[C:.*]]: !llvm.ptr, %{{.*}}: memref<*xf32>) {
// CHECK: call @echo_fill(%[[C]], %{{.*}}, %{{.*}}) : (!llvm.ptr, memref<*xf32>, f64) -> i32
// CHECK-NOT: echo_step_end
// CHECK: return
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[C2:.*]]: !llvm.ptr
// CHECK: call @helper(%[[C2]], %{{.*}}) : (!llvm.ptr, memref<*xf32>) -> ()
func.func private @echo_fill(memref<*xf32>, f64)
func.func private @helper(%y: memref<*xf32>) {
  %zero = arith.constant 0.0 : f64
  call @echo_fill(%y, %zero) : (memref<*xf32>, f64) -> ()
  return
}
func.func @caller(%y: memref<*xf32>) {
  call @helper(%y) : (memref<*xf32>) -> ()
  return
}

// -----

// An entry abi.def marks ECHO_DEFERRED_CHECK (its label check may be
// reported at echo_step_end) is preceded by echo_check_location with its
// location; one that is not marked, and a marked one without a file
// location, are not.
// CHECK-DAG: llvm.mlir.global internal constant @__echo_location_0("loss.mlir:4:9\00")
// CHECK-DAG: func.func private @echo_check_location(!llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @loss(
// CHECK-SAME: %[[CTX:[^:]*]]: !llvm.ptr
// CHECK: %[[WHERE:.*]] = llvm.mlir.addressof @__echo_location_0 : !llvm.ptr
// CHECK-NEXT: call @echo_check_location(%[[CTX]], %[[WHERE]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: %[[S:.*]] = call @echo_cross_entropy_i64(%[[CTX]], %{{.*}}) : (!llvm.ptr, memref<*xf32>, memref<*xi64>, memref<*xf32>) -> i32
// CHECK: call @echo_error_location(%[[CTX]], %{{.*}})
// CHECK: call @echo_fill(%[[CTX]], %{{.*}}) : (!llvm.ptr, memref<*xf32>, f64) -> i32
// CHECK-NOT: echo_check_location
// CHECK: call @echo_cross_entropy_i64(%[[CTX]], %{{.*}})
// CHECK-NOT: echo_check_location
// CHECK: echo_step_end
func.func private @echo_cross_entropy_i64(memref<*xf32>, memref<*xi64>, memref<*xf32>)
func.func private @echo_fill(memref<*xf32>, f64)
func.func @loss(%logits: memref<*xf32>, %labels: memref<*xi64>, %l: memref<*xf32>) {
  %zero = arith.constant 0.0 : f64
  call @echo_cross_entropy_i64(%logits, %labels, %l) : (memref<*xf32>, memref<*xi64>, memref<*xf32>) -> () loc("loss.mlir":4:9)
  call @echo_fill(%l, %zero) : (memref<*xf32>, f64) -> () loc("loss.mlir":5:9)
  call @echo_cross_entropy_i64(%logits, %labels, %l) : (memref<*xf32>, memref<*xi64>, memref<*xf32>) -> () loc(unknown)
  return
}
