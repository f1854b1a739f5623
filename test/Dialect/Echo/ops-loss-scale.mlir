// Round trip of the dynamic loss scaling ops (echo-autodiff loss-scale=dynamic):
// echo.nonfinite_count, echo.select, echo.loss_scale_update.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @loss_scale
func.func @loss_scale(%g: tensor<16x8xf32>, %old: tensor<16x8xf32>,
                      %new: tensor<16x8xf32>, %state: tensor<2xf32>)
    -> (tensor<16x8xf32>, tensor<2xf32>) {
  // CHECK: %[[N:.*]] = echo.nonfinite_count %{{.*}} : tensor<16x8xf32> -> tensor<f32>
  %n = echo.nonfinite_count %g : tensor<16x8xf32> -> tensor<f32>
  // CHECK: %[[P:.*]] = echo.select %[[N]], %{{.*}}, %{{.*}} : tensor<16x8xf32>
  %p = echo.select %n, %old, %new : tensor<16x8xf32>
  // CHECK: echo.loss_scale_update %{{.*}}, %[[N]] {backoff = 5.000000e-01 : f64, growth = 2.000000e+00 : f64, growth_interval = 2000 : i64, init = 6.553600e+04 : f64} : tensor<2xf32>
  %s = echo.loss_scale_update %state, %n {backoff = 5.000000e-01 : f64, growth = 2.000000e+00 : f64, growth_interval = 2000 : i64, init = 6.553600e+04 : f64} : tensor<2xf32>
  return %p, %s : tensor<16x8xf32>, tensor<2xf32>
}

// A scalar select (Adam's step count).
// CHECK-LABEL: func @scalar_select
func.func @scalar_select(%n: tensor<f32>, %a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  // CHECK: echo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<f32>
  %r = echo.select %n, %a, %b : tensor<f32>
  return %r : tensor<f32>
}
