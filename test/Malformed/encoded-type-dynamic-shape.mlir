// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}encoded-type-dynamic-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: encoded tensor must have a static shape, got 'tensor<?x4xf32>'
func.func @f(%e: !echo.encoded<tensor<?x4xf32>, #echo.encoding<fp8>>) {
  return
}
