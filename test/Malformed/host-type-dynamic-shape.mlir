// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}host-type-dynamic-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: host tensor must have a static shape, got 'tensor<?x4xf32>'
func.func @f(%h: !echo.host<tensor<?x4xf32>>) {
  return
}
