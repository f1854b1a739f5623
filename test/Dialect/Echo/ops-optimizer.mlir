// Round trip of the optimizer updates.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @sgd
func.func @sgd(%p: tensor<16xf32>, %g: tensor<16xf32>, %v: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  // CHECK: echo.sgd_update %{{.*}}, %{{.*}} {lr = 1.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %0 = echo.sgd_update %p, %g {lr = 0.1 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: echo.sgd_update %{{.*}}, %{{.*}}, %{{.*}} {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64, weight_decay = 5.000000e-04 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  %1, %2 = echo.sgd_update %p, %g, %v {lr = 0.1 : f64, momentum = 0.9 : f64, weight_decay = 5.0e-4 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  return %0, %1, %2 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

// CHECK-LABEL: func @adam
func.func @adam(%p: tensor<16x4xf32>, %g: tensor<16x4xf32>, %m: tensor<16x4xf32>, %v: tensor<16x4xf32>, %t: tensor<f32>) -> tensor<16x4xf32> {
  // CHECK: echo.adam_update %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {lr = 1.000000e-03 : f64} : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<f32>) -> (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>)
  %0:3 = echo.adam_update %p, %g, %m, %v, %t {lr = 1.0e-3 : f64} : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<f32>) -> (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>)
  return %0#0 : tensor<16x4xf32>
}
