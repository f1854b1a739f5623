// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encode-unknown-encoding.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown encoding 'fp4'
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp4>
  return
}
