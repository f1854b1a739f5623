// RUN: not echo-opt %s 2>&1 | FileCheck %s
// decode of a plain tensor: must be a located error, not a silent failure.
func.func @f(%x: tensor<64x512xf32>) {
  // CHECK: {{.*}}decode-non-encoded-value.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}'echo.decode'{{.*}}encoded
  %y = echo.decode %x : tensor<64x512xf32>
  return
}
