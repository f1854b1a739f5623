// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%h: !echo.host<tensor<4xf32>>, %t: tensor<4xf32>) {
  // CHECK: {{.*}}prefetch-token-type-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: use of value '%t' expects different type than prior uses: '!echo.token' vs 'tensor<4xf32>'
  %y = echo.prefetch %h after %t : !echo.host<tensor<4xf32>>
  return
}
