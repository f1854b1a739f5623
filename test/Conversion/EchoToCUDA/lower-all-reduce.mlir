// RUN: echo-opt %s -split-input-file '--pass-pipeline=builtin.module(gpu.module(echo-lower-all-reduce))' -verify-diagnostics | FileCheck %s --implicit-check-not=gpu.all_reduce --implicit-check-not=gpu.shuffle

// An f64 sum and an f32 maximum (a region) of a block of 256 threads: one
// workgroup buffer per element type; each reduction stores, folds the tree
// in one loop of log2(256) = 8 levels (thread t < s = 256 >> (level + 1)
// combines slot t with slot t + s, lower slot first), reads slot 0 and
// waits before the buffer is reused.
// CHECK-LABEL: gpu.func @sums(
// CHECK-SAME: workgroup(%[[F64:.*]] : memref<256xf64, #gpu.address_space<workgroup>>, %[[F32:.*]] : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[V:.*]] = memref.load %{{.*}} : memref<256xf64>
// CHECK: memref.store %[[V]], %[[F64]][%[[T]]]
// CHECK-NEXT: gpu.barrier
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: scf.for %[[L:.*]] = %{{.*}} to %[[C8]] step
// CHECK:   %[[SH:.*]] = arith.addi %[[L]], %{{.*}}
// CHECK:   %[[S:.*]] = arith.shrui %[[C256]], %[[SH]]
// CHECK:   %[[P:.*]] = arith.addi %[[T]], %[[S]]
// CHECK:   scf.if
// CHECK:     %[[A:.*]] = memref.load %[[F64]][%[[T]]]
// CHECK:     %[[B:.*]] = memref.load %[[F64]][%[[P]]]
// CHECK:     %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : f64
// CHECK:     memref.store %[[SUM]], %[[F64]][%[[T]]]
// CHECK:   gpu.barrier
// CHECK: }
// CHECK: %[[R:.*]] = memref.load %[[F64]][%{{.*}}] :
// CHECK-NEXT: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[F32]][%[[T]]]
// CHECK: scf.for
// CHECK:   arith.cmpf ogt
// CHECK:   arith.select
// CHECK: memref.load %[[F32]][%{{.*}}] :
// CHECK: memref.store %[[R]], %{{.*}} : memref<2xf64>
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sums(%x: memref<256xf64>, %y: memref<256xf32>, %out: memref<2xf64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<256xf64>
      %s = gpu.all_reduce add %v uniform {} : (f64) -> f64
      %w = memref.load %y[%t] : memref<256xf32>
      %m = gpu.all_reduce %w uniform {
      ^bb0(%a: f32, %b: f32):
        %gt = arith.cmpf ogt, %b, %a : f32
        %r = arith.select %gt, %b, %a : f32
        gpu.yield %r : f32
      } : (f32) -> f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %md = arith.extf %m : f32 to f64
      memref.store %s, %out[%c0] : memref<2xf64>
      memref.store %md, %out[%c1] : memref<2xf64>
      gpu.return
    }
  }
}

// -----

// A block of 96 threads (not a power of two): the tree starts at s = 64 and
// thread t combines only where slot t + s < 96; a 2-D block reduces over its
// linear thread id x + 32 y.
// CHECK-LABEL: gpu.func @uneven(
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<96xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[X:.*]] = gpu.thread_id x
// CHECK: %[[Y:.*]] = gpu.thread_id y
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[C96:.*]] = arith.constant 96 : index
// CHECK: %[[C7:.*]] = arith.constant 7 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C7]]
// CHECK:   arith.shrui %[[C128]]
// CHECK:   arith.cmpi ult, %{{.*}}, %[[C96]]
// CHECK:   arith.maxnumf
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @uneven(%x: memref<96xf32>, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 32, 3, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<96xf32>
      %m = gpu.all_reduce maxnumf %v uniform {} : (f32) -> f32
      %c0 = arith.constant 0 : index
      memref.store %m, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unknown_block(%x: memref<32xf32>, %out: memref<1xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<32xf32>
      // expected-error @+1 {{needs its kernel's known_block_size}}
      %s = gpu.all_reduce add %v uniform {} : (f32) -> f32
      %c0 = arith.constant 0 : index
      memref.store %s, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_uniform(%x: memref<32xf32>, %out: memref<1xf32>, %p: i1) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<32xf32>
      scf.if %p {
        // expected-error @+1 {{must be uniform and at the top level of its kernel}}
        %s = gpu.all_reduce add %v uniform {} : (f32) -> f32
        %c0 = arith.constant 0 : index
        memref.store %s, %out[%c0] : memref<1xf32>
      }
      gpu.return
    }
  }
}
