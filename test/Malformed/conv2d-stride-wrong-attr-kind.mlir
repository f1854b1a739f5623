// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // An ArrayAttr of IntegerAttrs instead of a DenseI64ArrayAttr.
  // CHECK: {{.*}}conv2d-stride-wrong-attr-kind.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}'echo.conv2d' op attribute 'stride' failed to satisfy constraint: i64 dense array attribute
  %y = echo.conv2d %x, %w {stride = [1, 1]} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}
