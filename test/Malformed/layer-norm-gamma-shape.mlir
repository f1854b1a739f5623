// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x512xf32>, %g: tensor<8xf32>, %b: tensor<512xf32>) {
  // CHECK: {{.*}}layer-norm-gamma-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.layer_norm' op gamma must be [512], got [8]
  %y, %mean, %rstd = echo.layer_norm %x, %g, %b : (tensor<8x512xf32>, tensor<8xf32>, tensor<512xf32>) -> (tensor<8x512xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}
