// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%p: tensor<16xf32>, %g: tensor<16xf32>) {
  // CHECK: {{.*}}sgd-lr-wrong-attr-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}'echo.sgd_update' op attribute 'lr' failed to satisfy constraint: 64-bit float attribute
  %p1 = echo.sgd_update %p, %g {lr = 1 : i64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return
}
