// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}extra-closing-brace.mlir:[[@LINE+4]]:{{[0-9]+}}: error: expected operation name in quotes
// One closing brace too many.
func.func @f(%x: tensor<4xf32>) {
  return
}
}
