// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) {
  // CHECK: {{.*}}concat-axis-out-of-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.concat' op axis 2 is out of range for rank 2
  %c = echo.concat %a, %b axis 2 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  return
}
