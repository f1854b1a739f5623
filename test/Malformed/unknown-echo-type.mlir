// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unknown-echo-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown  type `nope` in dialect `echo`
func.func @f(%x: !echo.nope<tensor<4xf32>>) {
  return
}
