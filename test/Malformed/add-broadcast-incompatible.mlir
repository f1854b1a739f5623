// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>, %y: tensor<3xf32>) {
  // CHECK: {{.*}}add-broadcast-incompatible.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.add' op shapes [4, 8] and [3] are not broadcast-compatible
  %z = echo.add %x, %y : (tensor<4x8xf32>, tensor<3xf32>) -> tensor<4x8xf32>
  return
}
