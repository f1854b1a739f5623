// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f() {
  // CHECK: {{.*}}fill-value-not-float.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.fill' invalid kind of attribute specified
  %h = echo.fill "half" : tensor<4x8xf32>
  return
}
