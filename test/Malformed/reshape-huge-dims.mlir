// RUN: not echo-opt %s 2>&1 | FileCheck %s
// The element count INT64_MAX * 2 overflows int64.
func.func @f(%x: tensor<9223372036854775807x2xf32>) {
  // CHECK: {{.*}}reshape-huge-dims.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.reshape' op
  %y = echo.reshape %x : tensor<9223372036854775807x2xf32> -> tensor<2xf32>
  return
}
