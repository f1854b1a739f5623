// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%a: tensor<2x8x16xf32>, %b: tensor<16x4xf32>) {
  // CHECK: {{.*}}matmul-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.matmul' op operands must have rank 2
  %c = echo.matmul %a, %b : (tensor<2x8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return
}
