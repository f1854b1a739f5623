// RUN: echo-opt %s -split-input-file -echo-block-kernels | FileCheck %s
// RUN: not echo-opt %s -split-input-file '-echo-block-kernels=threads=48' 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not echo-opt %s -split-input-file '-echo-block-kernels=min-inner=0' 2>&1 | FileCheck %s --check-prefix=MININNER
// THREADS: error: echo-block-kernels: threads must be a power of two in [32, 1024], got 48
// MININNER: error: echo-block-kernels: min-inner must be at least 1, got 0

// A softmax-like kernel: per line, a maximum, a sum and the line's writes
// over 1000 elements. Each line gets a block of 256 threads (the default
// most); the maximum's threads all start from its initial value, the sum's
// thread 0 starts from it and the others from zero; the writes are strided
// and followed by a barrier.
// CHECK-LABEL: func.func @lines(
// CHECK-NOT: scf.parallel
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C64]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK:   %[[MAXP:.*]] = scf.for %{{.*}} = %[[T]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[FIRST:.*]]) -> (f32) {
// CHECK:     arith.cmpf ogt
// CHECK:     arith.select
// CHECK:   } {echo.trip_bound = 4 : i64}
// CHECK:   %[[MAX:.*]] = gpu.all_reduce %[[MAXP]] uniform {
// CHECK:   ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
// CHECK:     %[[GT:.*]] = arith.cmpf ogt, %[[R]], %[[L]] : f32
// CHECK:     %[[SEL:.*]] = arith.select %[[GT]], %[[R]], %[[L]] : f32
// CHECK:     gpu.yield %[[SEL]] : f32
// CHECK:   %[[IS0:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : index
// CHECK:   %[[START:.*]] = arith.select %[[IS0]], %{{.*}}, %{{.*}} : f64
// CHECK:   %[[SUMP:.*]] = scf.for %{{.*}} = %[[T]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[START]]) -> (f64) {
// CHECK:     arith.addf %[[ACC]], %{{.*}} : f64
// CHECK:   } {echo.trip_bound = 4 : i64}
// CHECK:   %[[SUM:.*]] = gpu.all_reduce add %[[SUMP]] uniform {
// CHECK:   scf.for %{{.*}} = %[[T]] to %{{.*}} step %{{.*}} {
// CHECK:     memref.store
// CHECK:   } {echo.trip_bound = 4 : i64}
// CHECK:   gpu.barrier
// CHECK:   gpu.terminator
// CHECK-NOT: scf.parallel
func.func @lines(%x: memref<64000xf32>, %y: memref<64000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c999 = arith.constant 999 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f64
  scf.parallel (%l) = (%c0) to (%c64) step (%c1) {
    %s = arith.muli %l, %c1000 : index
    %first = memref.load %x[%s] : memref<64000xf32>
    %mx = scf.parallel (%k) = (%c0) to (%c999) step (%c1) init (%first) -> f32 {
      %k1 = arith.addi %k, %c1 : index
      %at = arith.addi %s, %k1 : index
      %v = memref.load %x[%at] : memref<64000xf32>
      scf.reduce(%v : f32) {
      ^bb0(%acc: f32, %new: f32):
        %gt = arith.cmpf ogt, %new, %acc : f32
        %m = arith.select %gt, %new, %acc : f32
        scf.reduce.return %m : f32
      }
    }
    %sum = scf.parallel (%k) = (%c0) to (%c1000) step (%c1) init (%zero) -> f64 {
      %at = arith.addi %s, %k : index
      %v = memref.load %x[%at] : memref<64000xf32>
      %d = arith.extf %v : f32 to f64
      scf.reduce(%d : f64) {
      ^bb0(%acc: f64, %new: f64):
        %a = arith.addf %acc, %new : f64
        scf.reduce.return %a : f64
      }
    }
    %mxd = arith.extf %mx : f32 to f64
    %q = arith.divf %mxd, %sum : f64
    %qf = arith.truncf %q : f64 to f32
    scf.parallel (%k) = (%c0) to (%c1000) step (%c1) {
      %at = arith.addi %s, %k : index
      memref.store %qf, %y[%at] : memref<64000xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Nested loops of fewer than min-inner (32) iterations stay in their
// output's thread: scf.for loops folding in iteration order from the
// initial value; the outer loop is left to the upstream mapping.
// CHECK-LABEL: func.func @short_lines(
// CHECK: scf.parallel (%[[L:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK:   %[[S:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f64) {
// CHECK:     %[[N:.*]] = arith.addf %[[ACC]], %{{.*}} : f64
// CHECK:     scf.yield %[[N]] : f64
// CHECK:   memref.store %{{.*}}, %{{.*}}[%[[L]]]
// CHECK-NOT: gpu.launch
func.func @short_lines(%x: memref<640xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f64
  scf.parallel (%l) = (%c0) to (%c64) step (%c1) {
    %s = arith.muli %l, %c10 : index
    %sum = scf.parallel (%k) = (%c0) to (%c10) step (%c1) init (%zero) -> f64 {
      %at = arith.addi %s, %k : index
      %v = memref.load %x[%at] : memref<640xf32>
      %d = arith.extf %v : f32 to f64
      scf.reduce(%d : f64) {
      ^bb0(%acc: f64, %new: f64):
        %a = arith.addf %acc, %new : f64
        scf.reduce.return %a : f64
      }
    }
    %f = arith.truncf %sum : f64 to f32
    memref.store %f, %y[%l] : memref<64xf32>
    scf.reduce
  }
  return
}

// -----

// A reduction nested two levels deep is no block kernel: both nested loops
// become scf.for loops in their output's thread, the inner one first (it
// folds in order inside the outer one's body).
// CHECK-LABEL: func.func @two_levels(
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:     %[[S:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK:       arith.addf %[[ACC]], %{{.*}} : f32
// CHECK:     memref.store %[[S]]
// CHECK-NOT: scf.parallel
// CHECK-NOT: gpu.launch
func.func @two_levels(%x: memref<64x40x40xf32>, %y: memref<64x40xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c40) step (%c1) {
      %s = scf.parallel (%k) = (%c0) to (%c40) step (%c1) init (%zero) -> f32 {
        %v = memref.load %x[%i, %j, %k] : memref<64x40x40xf32>
        scf.reduce(%v : f32) {
        ^bb0(%a: f32, %b: f32):
          %r = arith.addf %a, %b : f32
          scf.reduce.return %r : f32
        }
      }
      memref.store %s, %y[%i, %j] : memref<64x40xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}
