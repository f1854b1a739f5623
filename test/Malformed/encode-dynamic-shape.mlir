// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<?x4xf32>) {
  // CHECK: {{.*}}encode-dynamic-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: encoded tensor must have a static shape, got 'tensor<?x4xf32>'
  %e = echo.encode %x : tensor<?x4xf32> as #echo.encoding<fp8>
  return
}
