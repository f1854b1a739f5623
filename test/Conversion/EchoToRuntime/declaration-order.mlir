// Runtime declarations and constant globals sit at the module's start in
// name order, and constants are named after their function: one-shot
// bufferization visits functions that do not call each other in an order
// that varies between runs, and the output must not vary with it.
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s
// Twice more, byte for byte the same.
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" > %t.1
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" > %t.2
// RUN: cmp %t.1 %t.2

// CHECK-LABEL: module {
// CHECK-NEXT: memref.global "private" constant @__echo_constant_first : memref<3xf32>
// CHECK-NEXT: memref.global "private" constant @__echo_constant_second : memref<3xf32>
// CHECK-NEXT: memref.global "private" constant @__echo_list_1_0 : memref<2xi64>
// CHECK-NEXT: func.func private @echo_binary(
// CHECK-NEXT: func.func private @echo_transpose(
// CHECK-NEXT: func.func private @echo_unary(
// CHECK-NEXT: func.func private @echo_upload(
// CHECK-NEXT: func.func @second(
// CHECK: func.func @first(
func.func @second(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = echo.constant dense<2.0> : tensor<3xf32>
  %r = echo.relu %x : tensor<3xf32>
  %a = echo.add %r, %c : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %a : tensor<3xf32>
}

func.func @first(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3xf32>) {
  %t = echo.transpose %x permutation [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %c = echo.constant dense<1.0> : tensor<3xf32>
  return %t, %c : tensor<3x2xf32>, tensor<3xf32>
}
