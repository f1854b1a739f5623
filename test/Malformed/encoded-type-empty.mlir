// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}encoded-type-empty.mlir:[[@LINE+1]]:{{[0-9]+}}: error: failed to parse Echo_EncodedType parameter 'tensorType'
func.func @f(%e: !echo.encoded<>) {
  return
}
