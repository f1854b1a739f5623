// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encoding-unknown-parameter.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown encoding parameter 'bits'
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp8, bits = [8]>
  return
}
