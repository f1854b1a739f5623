// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encode-mask1-on-f32.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'mask1' encodes i1 masks, got 'tensor<64x512xf32>'
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<mask1>
  return
}
