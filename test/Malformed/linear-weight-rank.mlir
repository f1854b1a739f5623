// RUN: not echo-opt %s 2>&1 | FileCheck %s
// A linear weight must be [N, K]; a rank-3 weight is rejected.
func.func @f(%x: tensor<32x784xf32>, %w: tensor<2x256x784xf32>) {
  // CHECK: {{.*}}linear-weight-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.linear' op weight must have rank 2 ([out, in]), got rank 3
  %y = echo.linear %x, %w : (tensor<32x784xf32>, tensor<2x256x784xf32>) -> tensor<32x256xf32>
  return
}
