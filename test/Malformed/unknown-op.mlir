// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}unknown-op.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.nope' is unknown
  %y = echo.nope %x : tensor<4xf32>
  return
}
