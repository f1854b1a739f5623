// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64xi32>) {
  // CHECK: {{.*}}encode-binarize-on-i32.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'binarize' encodes float tensors, got 'tensor<64xi32>'
  %e = echo.encode %x : tensor<64xi32> as #echo.encoding<binarize>
  return
}
