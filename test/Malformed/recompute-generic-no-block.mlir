// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}recompute-generic-no-block.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.recompute' op region #0 ('body') failed to verify constraint: region with 1 blocks
  %r = "echo.recompute"(%x) ({}) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
