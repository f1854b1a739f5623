// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>) {
  %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  // CHECK: {{.*}}producer-consumer-type-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: use of value '%y' expects different type than prior uses: 'tensor<4x8xf32>' vs 'tensor<4x16xf32>'
  %z = echo.relu %y : tensor<4x8xf32>
  return
}
