// RUN: echo-opt %s -split-input-file '--pass-pipeline=builtin.module(gpu.module(echo-lower-all-reduce))' | FileCheck %s

// An f64 sum and an f32 maximum (a region) over a block become warp
// shuffles and a workgroup buffer of the warps' partial results.
// CHECK-LABEL: gpu.func @sums(
// CHECK-SAME: workgroup(
// CHECK-NOT: gpu.all_reduce
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK-NOT: gpu.all_reduce
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sums(%x: memref<256xf64>, %y: memref<256xf32>, %out: memref<2xf64>) kernel {
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
