// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x1024xf32>) {
  // CHECK: {{.*}}split-axis-out-of-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.split' op axis 5 is out of range for rank 2
  %a, %b = echo.split %x axis 5 : tensor<8x1024xf32> -> tensor<8x512xf32>, tensor<8x512xf32>
  return
}
