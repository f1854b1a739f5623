// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%m: tensor<4x8xi1>, %dy: tensor<4x8xf32>) {
  // CHECK: {{.*}}dropout-grad-negative-probability.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.dropout_grad' op probability must be in [0, 1), got -5.000000e-01
  %dx = echo.dropout_grad %m, %dy probability -5.000000e-01 : tensor<4x8xi1>, tensor<4x8xf32>
  return
}
