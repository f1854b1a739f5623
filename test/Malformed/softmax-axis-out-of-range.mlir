// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x10xf32>) {
  // CHECK: {{.*}}softmax-axis-out-of-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.softmax' op axis 2 is out of range for rank 2
  %p = echo.softmax %x {axis = 2 : i64} : tensor<8x10xf32>
  return
}
