// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}reduce-dims-duplicate.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.reduce' op dimension 1 is listed twice
  %s = echo.reduce sum %x dims [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}
