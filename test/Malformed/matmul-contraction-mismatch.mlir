// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%a: tensor<8x16xf32>, %b: tensor<4x16xf32>) {
  // transpose_rhs is missing: contracts 16 against 4.
  // CHECK: {{.*}}matmul-contraction-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.matmul' op contraction sizes differ: 16 vs 4
  %c = echo.matmul %a, %b : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  return
}
