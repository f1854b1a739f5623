// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x10xf32>) {
  // CHECK: {{.*}}log-softmax-axis-negative-out-of-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.log_softmax' op axis -3 is out of range for rank 2
  %p = echo.log_softmax %x {axis = -3 : i64} : tensor<8x10xf32>
  return
}
