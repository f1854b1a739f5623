// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: memref<4x8xf32>) {
  // CHECK: {{.*}}relu-on-memref.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.relu' invalid kind of type specified: expected builtin.tensor, but found 'memref<4x8xf32>'
  %y = echo.relu %x : memref<4x8xf32>
  return
}
