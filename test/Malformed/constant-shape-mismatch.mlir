// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f() {
  // CHECK: {{.*}}constant-shape-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: inferred shape of elements literal ([2]) does not match type ([3])
  %c = echo.constant dense<[1.0, 2.0]> : tensor<3xf32>
  return
}
