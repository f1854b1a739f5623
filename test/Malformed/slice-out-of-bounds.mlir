// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<8x1024xf32>) {
  // CHECK: {{.*}}slice-out-of-bounds.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.slice' op slice reads {{.*}}1024
  %s = echo.slice %x offsets [0, 769] : tensor<8x1024xf32> -> tensor<8x256xf32>
  return
}
