// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}reduce-dims-out-of-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.reduce' op dimension -1 is out of range for rank 2
  %s = echo.reduce mean %x dims [-1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}
