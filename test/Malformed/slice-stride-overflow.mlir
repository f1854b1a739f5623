// RUN: not echo-opt %s 2>&1 | FileCheck %s
// offset + (size - 1) * stride overflows int64 and wraps to a negative
// "last index"; the verifier must still report the out-of-bounds read.
func.func @f(%x: tensor<8xf32>) {
  // CHECK: {{.*}}slice-stride-overflow.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.slice' op slice reads
  %y = echo.slice %x offsets [0] strides [4611686018427387904] : tensor<8xf32> -> tensor<4xf32>
  return
}
