// RUN: not echo-opt %s 2>&1 | FileCheck %s
// 2^62 x 2 x 4 x 4 elements: the !echo.encoded verifier must reject the size
// before any storage computation can overflow int64.
// CHECK: {{.*}}decode-pool-argmax-huge-tensor.mlir:[[@LINE+1]]:{{[0-9]+}}: error: encoded tensor 'tensor<4611686018427387904x2x4x4xf32>' exceeds the 281474976710656-byte size limit
func.func @f(%e: !echo.encoded<tensor<4611686018427387904x2x4x4xf32>, #echo.encoding<pool_argmax, kernel = [1, 1], stride = [1, 1]>>) {
  %y = echo.decode %e : !echo.encoded<tensor<4611686018427387904x2x4x4xf32>, #echo.encoding<pool_argmax, kernel = [1, 1], stride = [1, 1]>>
  return
}
