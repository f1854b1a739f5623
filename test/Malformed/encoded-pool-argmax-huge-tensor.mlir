// RUN: not echo-opt %s 2>&1 | FileCheck %s
// The pooled element count INT64_MAX * 32 overflows int64 in the storage
// size computation (signed overflow; visible under UBSan).
// CHECK: {{.*}}encoded-pool-argmax-huge-tensor.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}tensor<9223372036854775807x2x4x4xf32>
func.func @f(%e: !echo.encoded<tensor<9223372036854775807x2x4x4xf32>, #echo.encoding<pool_argmax, kernel = [1, 1], stride = [1, 1]>>) {
  return
}
