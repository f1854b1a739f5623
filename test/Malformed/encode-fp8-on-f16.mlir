// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf16>) {
  // CHECK: {{.*}}encode-fp8-on-f16.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'fp8' reduces f32 tensors, got 'tensor<64x512xf16>'
  %e = echo.encode %x : tensor<64x512xf16> as #echo.encoding<fp8>
  return
}
