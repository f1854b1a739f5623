// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encoding-csr-density-out-of-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: density must be in (0, 1], got 1.5
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<csr, density = 1.5>
  return
}
