// RUN: not echo-opt %s 2>&1 | FileCheck %s
// -rank must not overflow for axis = INT64_MIN.
func.func @f(%x: tensor<8x10xf32>) {
  // CHECK: {{.*}}softmax-axis-int64-min.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.softmax' op axis -9223372036854775808 is out of range for rank 2
  %p = echo.softmax %x {axis = -9223372036854775808 : i64} : tensor<8x10xf32>
  return
}
