// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}undefined-ssa-value.mlir:[[@LINE+1]]:{{[0-9]+}}: error: use of undeclared SSA value name
  %y = echo.relu %undefined : tensor<4xf32>
  return
}
