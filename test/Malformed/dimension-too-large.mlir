// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}dimension-too-large.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid dimension
  %y = echo.reshape %x : tensor<4xf32> -> tensor<99999999999999999999x2xf32>
  return
}
