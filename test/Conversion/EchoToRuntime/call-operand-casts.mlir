// Each buffer a runtime call takes is passed through one memref.cast to the
// unranked memref of the ABI, right after the buffer's definition (for a
// function argument, at the entry block's start), whichever calls use it.
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// CHECK-LABEL: func.func @one_cast_per_buffer(
// CHECK-SAME:    %[[X:.*]]: memref<4xf32>
// CHECK-NEXT:  %[[XU:.*]] = memref.cast %[[X]] : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:  %[[R:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.relu"
// CHECK-NEXT:  %[[RU:.*]] = memref.cast %[[R]] : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:  arith.constant
// CHECK-NEXT:  call @echo_unary(%{{.*}}, %[[XU]], %[[RU]])
// CHECK-NEXT:  %[[T:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.tanh"
// CHECK-NEXT:  %[[TU:.*]] = memref.cast %[[T]]
// CHECK-NEXT:  arith.constant
// CHECK-NEXT:  call @echo_unary(%{{.*}}, %[[RU]], %[[TU]])
// CHECK-NEXT:  %[[S:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.sigmoid"
// CHECK-NEXT:  %[[SU:.*]] = memref.cast %[[S]]
// CHECK-NEXT:  arith.constant
// CHECK-NEXT:  call @echo_unary(%{{.*}}, %[[RU]], %[[SU]])
// CHECK-NEXT:  %[[A:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.add"
// CHECK-NEXT:  %[[AU:.*]] = memref.cast %[[A]]
// CHECK-NEXT:  arith.constant
// CHECK-NEXT:  call @echo_binary(%{{.*}}, %[[TU]], %[[XU]], %[[AU]])
// CHECK-NOT:   memref.cast
// CHECK:       return
func.func @one_cast_per_buffer(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = echo.relu %x : tensor<4xf32>
  %t = echo.tanh %r : tensor<4xf32>
  %s = echo.sigmoid %r : tensor<4xf32>
  %a = echo.add %t, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %a, %s : tensor<4xf32>, tensor<4xf32>
}
