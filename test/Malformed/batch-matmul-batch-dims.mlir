// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%q: tensor<8x10x64xf32>, %k: tensor<4x12x64xf32>) {
  // CHECK: {{.*}}batch-matmul-batch-dims.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.batch_matmul' op batch dimensions differ: [8, 10, 64] and [4, 12, 64]
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<8x10x64xf32>, tensor<4x12x64xf32>) -> tensor<8x10x12xf32>
  return
}
