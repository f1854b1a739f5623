// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  %r = "echo.recompute"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    // CHECK: {{.*}}yield-with-results.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.yield' op requires zero results
    %bad = "echo.yield"(%a) : (tensor<4xf32>) -> (tensor<4xf32>)
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
