// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encoding-density-on-fp16.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'density' is only allowed with 'csr'
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp16, density = 0.5>
  return
}
