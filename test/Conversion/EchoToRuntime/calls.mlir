// Bufferization lowers each echo op to a call of its runtime entry
// (RuntimeCalls.cpp), checked against the entry's declaration in
// runtime/include/echo/abi.def: kinds are the runtime's constants, index
// lists are constant host globals, index types pick the entry's name, and a
// constant is a host global uploaded into a device buffer.
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --implicit-check-not=memref.alloca --implicit-check-not=memref.copy

// CHECK-DAG: func.func private @echo_unary(i64, memref<*xf32>, memref<*xf32>)
// CHECK-DAG: func.func private @echo_binary(i64, memref<*xf32>, memref<*xf32>, memref<*xf32>)
// CHECK-DAG: func.func private @echo_transpose(memref<*xf32>, memref<*xf32>, memref<*xi64>)
// CHECK-DAG: func.func private @echo_embedding_i32(memref<*xf32>, memref<*xi32>, memref<*xf32>)
// CHECK-DAG: func.func private @echo_upload(memref<*xf32>, memref<*xf32>, i64)
// CHECK-DAG: memref.global "private" constant @__echo_list_1_0 : memref<2xi64> = dense<[1, 0]>
// CHECK-DAG: memref.global "private" constant @__echo_constant_lowered : memref<2x3xf32> = dense<5.000000e-01>
// CHECK-LABEL: func.func @lowered(
// CHECK: %[[R:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.relu"
// CHECK: %[[RELU:.*]] = arith.constant 0 : i64
// CHECK: call @echo_unary(%[[RELU]], %{{.*}}, %{{.*}})
// CHECK: %[[ADD:.*]] = arith.constant 0 : i64
// CHECK: call @echo_binary(%[[ADD]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: %[[PERM:.*]] = memref.get_global @__echo_list_1_0 : memref<2xi64>
// CHECK: %[[PERMU:.*]] = memref.cast %[[PERM]] : memref<2xi64> to memref<*xi64>
// CHECK: call @echo_transpose(%{{.*}}, %{{.*}}, %[[PERMU]])
// CHECK: call @echo_embedding_i32(
// CHECK: %[[HOST:.*]] = memref.get_global @__echo_constant_lowered : memref<2x3xf32>
// CHECK-NEXT: %[[HOSTU:.*]] = memref.cast %[[HOST]]
// CHECK-NEXT: %[[DEV:.*]] = memref.alloc() {{.*}}echo.alloc_for = "echo.constant"
// CHECK-NEXT: %[[DEVU:.*]] = memref.cast %[[DEV]]
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK: call @echo_upload(%[[HOSTU]], %[[DEVU]], %[[FOUR]])
// CHECK: %[[TANH:.*]] = arith.constant 1 : i64
// CHECK: call @echo_unary(%[[TANH]], %{{.*}}, %{{.*}})
func.func @lowered(%x: tensor<2x3xf32>, %i: tensor<2xi32>, %t: tensor<5x3xf32>)
    -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %r = echo.relu %x : tensor<2x3xf32>
  %a = echo.add %r, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %tr = echo.transpose %a permutation [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %e = echo.embedding %t, %i : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %c = echo.constant dense<0.5> : tensor<2x3xf32>
  %h = echo.tanh %c : tensor<2x3xf32>
  return %a, %tr, %e, %h : tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
