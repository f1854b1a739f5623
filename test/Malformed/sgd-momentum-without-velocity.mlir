// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%p: tensor<16xf32>, %g: tensor<16xf32>) {
  // CHECK: {{.*}}sgd-momentum-without-velocity.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.sgd_update' op momentum > 0 requires a velocity buffer
  %p1 = echo.sgd_update %p, %g {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}
