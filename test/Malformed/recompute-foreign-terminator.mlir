// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%s: tensor<4xf32>) {
  // CHECK: {{.*}}recompute-foreign-terminator.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.recompute' op body must end with 'echo.yield'
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    llvm.unreachable
  }
  return
}
