// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x16x4x4xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>) {
  // CHECK: {{.*}}batch-norm-momentum.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.batch_norm' op momentum must be in [0, 1], got 1.5
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %g, %b, %m, %v {momentum = 1.5 : f64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}
