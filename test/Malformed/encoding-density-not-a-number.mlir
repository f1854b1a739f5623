// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encoding-density-not-a-number.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected floating point literal
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<csr, density = dense>
  return
}
