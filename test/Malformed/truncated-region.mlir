// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-region.mlir:[[@LINE+5]]:{{[0-9]+}}: error: expected operation name in quotes
// An echo.recompute region cut off after its first op.
func.func @f(%s: tensor<4xf32>) {
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    %t = echo.tanh %in : tensor<4xf32>
