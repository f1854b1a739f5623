// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}split-no-results-generic.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.split' op needs at least one result
  "echo.split"(%x) {axis = 0 : i64} : (tensor<4xf32>) -> ()
  return
}
