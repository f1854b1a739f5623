// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-encoding-attr.mlir:[[@LINE+3]]:{{[0-9]+}}: error: unbalanced '[' character in pretty dialect name
// The file ends inside an #echo.encoding.
func.func @f(%x: tensor<1x1x8x8xf32>) {
  %e = echo.encode %x : tensor<1x1x8x8xf32> as #echo.encoding<pool_argmax, kernel = [3