// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<4xf32>) {
  // CHECK: {{.*}}recompute-empty-body.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.recompute' op expects a non-empty block
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  }
  return
}
