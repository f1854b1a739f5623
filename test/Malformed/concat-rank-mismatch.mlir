// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%a: tensor<4x3xf32>, %b: tensor<4x5x1xf32>) {
  // CHECK: {{.*}}concat-rank-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.concat' op input 1 has rank 3, expected 2
  %c = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<4x5x1xf32>) -> tensor<4x8xf32>
  return
}
