// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}encoded-type-bad-encoding-attr.mlir:[[@LINE+1]]:{{[0-9]+}}: error: failed to parse Echo_EncodedType parameter 'encoding' which is to be a `::mlir::echo::EncodingAttr`
func.func @f(%e: !echo.encoded<tensor<4xf32>, 42 : i64>) {
  return
}
