// echo-data-parallel's buckets (bucket-bytes, default 25 MiB as DDP's
// bucket_cap_mb): gradients in the order backward defines them share one
// echo.all_reduce per bucket, placed right after the bucket's last gradient;
// a bucket closes before the gradient that would take it past the cap, or
// that backward computes from the bucket's average. The loss is not bucketed.
// (Eager updates moved after their bucket: data-parallel.mlir.)
// RUN: echo-opt %s -split-input-file --echo-data-parallel=ranks=2 | FileCheck %s
// 128 bytes: two 64-byte gradients fit exactly; the 512-byte one is alone.
// RUN: echo-opt %s -split-input-file '--echo-data-parallel=ranks=2 bucket-bytes=128' | FileCheck %s --check-prefix=CAP
// One byte less: every bucket is one gradient, the plain all-reduce.
// RUN: echo-opt %s -split-input-file '--echo-data-parallel=ranks=2 bucket-bytes=127' | FileCheck %s --check-prefix=ONE
// RUN: echo-opt %s -split-input-file '--echo-data-parallel=ranks=2 bucket-bytes=0' | FileCheck %s --check-prefix=ONE
// Idempotent: the pieces of a bucket are averages already.
// RUN: echo-opt %s -split-input-file --echo-data-parallel=ranks=2 > %t.once
// RUN: echo-opt %t.once -split-input-file --echo-data-parallel=ranks=2 > %t.twice
// RUN: diff %t.once %t.twice
// RUN: not echo-opt %s -split-input-file '--echo-data-parallel=ranks=2 bucket-bytes=-1' 2>&1 | FileCheck %s --check-prefix=NEG

// Five returned gradients of 64, 64, 512, 64 and 64 bytes.
// CHECK-LABEL: func.func @five(
// CHECK:         %[[LOSS:.*]] = echo.reduce mean
// CHECK-NEXT:    echo.all_reduce mean %[[LOSS]] ranks 2 : tensor<f32>
// CHECK:         %[[GA:.*]] = echo.sum_to
// CHECK:         %[[GB:.*]] = echo.sum_to
// CHECK-NEXT:    %[[GBIG:.*]] = echo.broadcast_to
// CHECK:         %[[GC:.*]] = echo.sum_to
// CHECK-NEXT:    %[[GD:.*]] = echo.sum_to
// CHECK-NEXT:    %[[FLAT:.*]] = echo.reshape %[[GBIG]] : tensor<8x16xf32> -> tensor<128xf32>
// CHECK-NEXT:    %[[CAT:.*]] = echo.concat %[[GA]], %[[GB]], %[[FLAT]], %[[GC]], %[[GD]] axis 0 : (tensor<16xf32>, tensor<16xf32>, tensor<128xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<192xf32>
// CHECK-NEXT:    %[[MEAN:.*]] = echo.all_reduce mean %[[CAT]] ranks 2 : tensor<192xf32>
// CHECK-NEXT:    %[[P:.*]]:5 = echo.split %[[MEAN]] axis 0 : tensor<192xf32> -> tensor<16xf32>, tensor<16xf32>, tensor<128xf32>, tensor<16xf32>, tensor<16xf32>
// CHECK-NEXT:    %[[BIG:.*]] = echo.reshape %[[P]]#2 : tensor<128xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    return %{{.*}}, %[[P]]#0, %[[P]]#1, %[[BIG]], %[[P]]#3, %[[P]]#4
// CHECK-NOT:     echo.all_reduce

// CAP-LABEL: func.func @five(
// CAP:         echo.all_reduce mean %{{.*}} : tensor<f32>
// CAP:         %[[GA:.*]] = echo.sum_to
// CAP:         %[[GB:.*]] = echo.sum_to
// CAP-NEXT:    %[[CAT:.*]] = echo.concat %[[GA]], %[[GB]] axis 0 : (tensor<16xf32>, tensor<16xf32>) -> tensor<32xf32>
// CAP-NEXT:    %[[MEAN:.*]] = echo.all_reduce mean %[[CAT]] ranks 2 : tensor<32xf32>
// CAP-NEXT:    %[[P:.*]]:2 = echo.split %[[MEAN]] axis 0 : tensor<32xf32> -> tensor<16xf32>, tensor<16xf32>
// CAP-NEXT:    %[[GBIG:.*]] = echo.broadcast_to
// CAP-NEXT:    %[[BIG:.*]] = echo.all_reduce mean %[[GBIG]] ranks 2 : tensor<8x16xf32>
// CAP:         %[[GC:.*]] = echo.sum_to
// CAP-NEXT:    %[[GD:.*]] = echo.sum_to
// CAP-NEXT:    %[[CAT2:.*]] = echo.concat %[[GC]], %[[GD]] axis 0
// CAP-NEXT:    %[[MEAN2:.*]] = echo.all_reduce mean %[[CAT2]] ranks 2 : tensor<32xf32>
// CAP-NEXT:    %[[Q:.*]]:2 = echo.split %[[MEAN2]]
// CAP-NEXT:    return %{{.*}}, %[[P]]#0, %[[P]]#1, %[[BIG]], %[[Q]]#0, %[[Q]]#1

// ONE-LABEL: func.func @five(
// ONE-NOT:     echo.concat
// ONE-COUNT-6: echo.all_reduce mean
// ONE-NOT:     echo.concat
// ONE:         return
func.func @five(%x: tensor<4x16xf32>) -> (tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %l = echo.reduce mean %x dims [0, 1] : tensor<4x16xf32> -> tensor<f32>
  %s = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %g = echo.broadcast_to %s : tensor<f32> -> tensor<4x16xf32>
  %ga = echo.sum_to %g : tensor<4x16xf32> -> tensor<16xf32>
  %h = echo.mul %g, %x : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %gb = echo.sum_to %h : tensor<4x16xf32> -> tensor<16xf32>
  %gbig = echo.broadcast_to %s : tensor<f32> -> tensor<8x16xf32>
  %k = echo.add %h, %x : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %gc = echo.sum_to %k : tensor<4x16xf32> -> tensor<16xf32>
  %gd = echo.sum_to %x : tensor<4x16xf32> -> tensor<16xf32>
  return %l, %ga, %gb, %gbig, %gc, %gd : tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32>
}

// -----

// Backward computes the second gradient from the first one's average (as
// SyncBatchNorm's correction reads the averaged beta and gamma gradients):
// it cannot wait for a collective placed after it, so it starts a bucket.
// CHECK-LABEL: func.func @reads_average(
// CHECK:         %[[GA:.*]] = echo.sum_to
// CHECK-NEXT:    %[[GA_M:.*]] = echo.all_reduce mean %[[GA]] ranks 2 : tensor<16xf32>
// CHECK-NEXT:    %[[GB:.*]] = echo.mul %[[GA_M]], %[[GA_M]]
// CHECK-NEXT:    echo.all_reduce mean %[[GB]] ranks 2 : tensor<16xf32>
// CHECK-NOT:     echo.concat
func.func @reads_average(%x: tensor<4x16xf32>) -> (tensor<f32>, tensor<16xf32>, tensor<16xf32>) {
  %l = echo.reduce mean %x dims [0, 1] : tensor<4x16xf32> -> tensor<f32>
  %s = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %g = echo.broadcast_to %s : tensor<f32> -> tensor<4x16xf32>
  %ga = echo.sum_to %g : tensor<4x16xf32> -> tensor<16xf32>
  %gb = echo.mul %ga, %ga : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %l, %ga, %gb : tensor<f32>, tensor<16xf32>, tensor<16xf32>
}

// NEG: error: echo-data-parallel: bucket-bytes must be at least 0, got -1
