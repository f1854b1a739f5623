// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<32x784xf32>, %w: tensor<256x784xf32>, %b: tensor<255xf32>) {
  // CHECK: {{.*}}linear-bias-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.linear' op bias must be [256], got [255]
  %y = echo.linear %x, %w, %b : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<255xf32>) -> tensor<32x256xf32>
  return
}
