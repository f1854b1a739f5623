// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f() {
  // CHECK: {{.*}}concat-no-inputs-generic.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.concat' op needs at least one input
  %c = "echo.concat"() {axis = 0 : i64} : () -> tensor<4xf32>
  return
}
