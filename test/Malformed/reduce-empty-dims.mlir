// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}reduce-empty-dims.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.reduce' op dims must not be empty
  %y = echo.reduce sum %x dims [] : tensor<4xf32> -> tensor<4xf32>
  return
}
