// The products on 16-bit tensors (linear, its gradients, matmul and batch
// matmul, every tensor of one op in one type) call the abi.def entries
// named for that type, with 16-bit buffers; an f32 product keeps the plain
// entry. (echo-compute-in-f32 leaves these ops 16-bit; every other 16-bit
// op reaches the lowering computed in f32.)
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// CHECK-DAG: func.func private @echo_linear_bf16(memref<*xbf16>, memref<*xbf16>, memref<*xbf16>, memref<*xbf16>, i64)
// CHECK-DAG: func.func private @echo_linear_grad_input_bf16(memref<*xbf16>, memref<*xbf16>, memref<*xbf16>)
// CHECK-DAG: func.func private @echo_linear_grad_weight_bf16(memref<*xbf16>, memref<*xbf16>, memref<*xbf16>)
// CHECK-DAG: func.func private @echo_matmul_f16(memref<*xf16>, memref<*xf16>, memref<*xf16>, i64, i64)
// CHECK-DAG: func.func private @echo_linear_f16(memref<*xf16>, memref<*xf16>, memref<*xf16>, memref<*xf16>, i64)
// CHECK-DAG: func.func private @echo_matmul(memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64)
// CHECK-LABEL: func.func @products(
// CHECK: call @echo_linear_bf16(
// CHECK: call @echo_linear_grad_input_bf16(
// CHECK: call @echo_linear_grad_weight_bf16(
// CHECK: call @echo_matmul_f16(
// CHECK: call @echo_matmul_f16(
// CHECK: call @echo_linear_f16(
// CHECK: call @echo_matmul(
func.func @products(%x: tensor<2x3xbf16>, %w: tensor<4x3xbf16>, %b: tensor<4xbf16>,
                    %dy: tensor<2x4xbf16>, %h: tensor<2x5xf16>, %g: tensor<2x3x4xf16>,
                    %hw: tensor<6x5xf16>, %f: tensor<3x3xf32>)
    -> (tensor<2x4xbf16>, tensor<2x3xbf16>, tensor<4x3xbf16>, tensor<2x2xf16>,
        tensor<2x3x3xf16>, tensor<2x6xf16>, tensor<3x3xf32>) {
  %y = echo.linear %x, %w, %b : (tensor<2x3xbf16>, tensor<4x3xbf16>, tensor<4xbf16>) -> tensor<2x4xbf16>
  %dx = echo.linear_grad_input %dy, %w : (tensor<2x4xbf16>, tensor<4x3xbf16>) -> tensor<2x3xbf16>
  %dw = echo.linear_grad_weight %dy, %x : (tensor<2x4xbf16>, tensor<2x3xbf16>) -> tensor<4x3xbf16>
  %m = echo.matmul %h, %h transpose_rhs : (tensor<2x5xf16>, tensor<2x5xf16>) -> tensor<2x2xf16>
  %p = echo.batch_matmul %g, %g transpose_rhs : (tensor<2x3x4xf16>, tensor<2x3x4xf16>) -> tensor<2x3x3xf16>
  %l = echo.linear %h, %hw : (tensor<2x5xf16>, tensor<6x5xf16>) -> tensor<2x6xf16>
  %q = echo.matmul %f, %f : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %y, %dx, %dw, %m, %p, %l, %q : tensor<2x4xbf16>, tensor<2x3xbf16>, tensor<4x3xbf16>, tensor<2x2xf16>, tensor<2x3x3xf16>, tensor<2x6xf16>, tensor<3x3xf32>
}
