// RUN: not echo-opt %s 2>&1 | FileCheck %s
// prefetch of a device tensor: must be a located error, not a silent failure.
func.func @f(%x: tensor<4xf32>, %t: !echo.token) {
  // CHECK: {{.*}}prefetch-non-host-value.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}'echo.prefetch'{{.*}}host
  %y = echo.prefetch %x after %t : tensor<4xf32>
  return
}
