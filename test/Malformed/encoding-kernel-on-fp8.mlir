// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}encoding-kernel-on-fp8.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'kernel', 'stride' and 'padding' are only allowed with 'pool_argmax'
  %e = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp8, kernel = [2, 2]>
  return
}
