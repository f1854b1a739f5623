// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%dy: tensor<4xf32>) {
  // CHECK: {{.*}}reduce-grad-max-kind.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.reduce_grad' op max reductions are differentiated with 'echo.reduce_max_grad'
  %dx = echo.reduce_grad max %dy dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  return
}
