// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}result-count-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: operation defines 2 results but was provided 1 to bind
  %y = echo.dropout %x probability 1.000000e-01 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  return
}
