// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%b: tensor<3xf32>) {
  // CHECK: {{.*}}broadcast-to-incompatible.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.broadcast_to' op input shape [3] does not broadcast to [4, 8]
  %y = echo.broadcast_to %b : tensor<3xf32> -> tensor<4x8xf32>
  return
}
