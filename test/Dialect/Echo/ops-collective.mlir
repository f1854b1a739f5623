// Round trip of echo.all_reduce (echo-data-parallel), in the custom, generic
// and bytecode forms.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @all_reduce
func.func @all_reduce(%g: tensor<16x8xf32>, %l: tensor<f32>)
    -> (tensor<16x8xf32>, tensor<f32>) {
  // CHECK: echo.all_reduce mean %{{.*}} ranks 4 : tensor<16x8xf32>
  %m = echo.all_reduce mean %g ranks 4 : tensor<16x8xf32>
  // CHECK: echo.all_reduce sum %{{.*}} ranks 1 : tensor<f32>
  %s = echo.all_reduce sum %l ranks 1 : tensor<f32>
  return %m, %s : tensor<16x8xf32>, tensor<f32>
}

// ZeRO's parts: 16x8 = 128 elements over 3 ranks are parts of 43 (the last
// padded with one zero).
// CHECK-LABEL: func @zero_parts
func.func @zero_parts(%w: tensor<16x8xf32>, %g: tensor<16x8xf32>)
    -> (tensor<43xf32>, tensor<16x8xf32>, tensor<43xf32>) {
  // CHECK: %[[P:.*]] = echo.shard %{{.*}} ranks 3 : tensor<16x8xf32> -> tensor<43xf32>
  %p = echo.shard %w ranks 3 : tensor<16x8xf32> -> tensor<43xf32>
  // CHECK: echo.all_gather %[[P]] ranks 3 : tensor<43xf32> -> tensor<16x8xf32>
  %a = echo.all_gather %p ranks 3 : tensor<43xf32> -> tensor<16x8xf32>
  // CHECK: echo.reduce_scatter mean %{{.*}} ranks 3 : tensor<16x8xf32> -> tensor<43xf32>
  %r = echo.reduce_scatter mean %g ranks 3 : tensor<16x8xf32> -> tensor<43xf32>
  return %p, %a, %r : tensor<43xf32>, tensor<16x8xf32>, tensor<43xf32>
}
