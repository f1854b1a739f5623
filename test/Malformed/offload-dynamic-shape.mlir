// RUN: not echo-opt %s 2>&1 | FileCheck %s
// The inferred !echo.host type must not be built from a dynamic shape
// (HostType::get with invalid parameters asserts in +Asserts builds).
func.func @f(%x: tensor<?x4xf32>) {
  // CHECK: {{.*}}offload-dynamic-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: host tensor must have a static shape, got 'tensor<?x4xf32>'
  %h, %t = echo.offload %x : tensor<?x4xf32>
  return
}
