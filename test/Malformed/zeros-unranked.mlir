// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f() {
  // CHECK: {{.*}}zeros-unranked.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.zeros' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'
  %z = echo.zeros : tensor<*xf32>
  return
}
