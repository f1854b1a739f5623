// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<?x4xf32>) {
  // CHECK: {{.*}}relu-dynamic-shape.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'echo.relu' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<?x4xf32>'
  %y = echo.relu %x : tensor<?x4xf32>
  return
}
