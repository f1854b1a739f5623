// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<?x4xf32>, %w: tensor<8x4xf32>) {
  // CHECK: {{.*}}linear-dynamic-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.linear' op operand #0 must be statically shaped tensor
  %y = echo.linear %x, %w : (tensor<?x4xf32>, tensor<8x4xf32>) -> tensor<?x8xf32>
  return
}
