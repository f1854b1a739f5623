// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}yield-outside-recompute.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.yield' op expects parent op 'echo.recompute'
  echo.yield %x : tensor<4xf32>
}
