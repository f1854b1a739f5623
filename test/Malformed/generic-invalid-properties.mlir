// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%x: tensor<4x8xf32>) {
  // CHECK: {{.*}}generic-invalid-properties.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid properties {axis = "a"} for op echo.softmax
  %y = "echo.softmax"(%x) <{axis = "a"}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}
