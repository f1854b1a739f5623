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
