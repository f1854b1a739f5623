// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>, %dy: tensor<1x1x2x2xf32>) {
  // CHECK: {{.*}}max-pool-grad-result-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.max_pool2d_grad' op result type 'tensor<1x1x2x2xf32>' must equal the input type 'tensor<1x1x4x4xf32>'
  %dx = echo.max_pool2d_grad %x, %y, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return
}
