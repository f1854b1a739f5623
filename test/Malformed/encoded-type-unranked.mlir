// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}encoded-type-unranked.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid kind of type specified
func.func @f(%e: !echo.encoded<tensor<*xf32>, #echo.encoding<fp8>>) {
  return
}
