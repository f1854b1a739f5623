// RUN: not echo-opt %s 2>&1 | FileCheck %s
// Dimension sizes near INT64_MAX must not overflow the shape computation.
func.func @f(%x: tensor<9223372036854775807x2xf32>, %w: tensor<3x2xf32>) {
  // CHECK: {{.*}}linear-huge-dim-result-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.linear' op
  %y = echo.linear %x, %w : (tensor<9223372036854775807x2xf32>, tensor<3x2xf32>) -> tensor<9223372036854775807x2xf32>
  return
}
