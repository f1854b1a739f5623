// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%p: tensor<16xf32>, %g: tensor<8xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>, %t: tensor<f32>) {
  // CHECK: {{.*}}adam-param-type-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.adam_update' op every operand and result must have the parameter type 'tensor<16xf32>', got 'tensor<8xf32>'
  %p1, %m1, %v1 = echo.adam_update %p, %g, %m, %v, %t {lr = 1.000000e-03 : f64} : (tensor<16xf32>, tensor<8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}
