// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%a: tensor<4x3xf32>, %b: tensor<5x5xf32>) {
  // CHECK: {{.*}}concat-shape-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.concat' op input 1 [5, 5] differs from input 0 [4, 3] outside the concatenation axis
  %c = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<5x5xf32>) -> tensor<4x8xf32>
  return
}
