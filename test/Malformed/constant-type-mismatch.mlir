// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f() {
  // CHECK: {{.*}}constant-type-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.constant' op result #0 must be statically shaped tensor
  %c = echo.constant dense<1> : tensor<4xi8>
  return
}
