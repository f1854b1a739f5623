// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encoding-csr-without-density.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'csr' encoding requires a density
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<csr>
  return
}
