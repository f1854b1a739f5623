// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-after-equals.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected operation name in quotes
// The file ends right after '='.
func.func @f(%x: tensor<4xf32>) {
  %y =