// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4xf32>) {
  // CHECK: {{.*}}encoding-empty.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected valid keyword
  %e = echo.encode %x : tensor<4xf32> as #echo.encoding<>
  return
}
