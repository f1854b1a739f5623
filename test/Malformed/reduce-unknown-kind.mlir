// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}reduce-unknown-kind.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [sum, mean, max]
  %s = echo.reduce prod %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}
