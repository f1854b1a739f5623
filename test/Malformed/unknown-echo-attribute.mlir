// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}unknown-echo-attribute.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown attribute
  %e = echo.encode %x : tensor<4xf32> as #echo.nope<fp8>
  return
}
