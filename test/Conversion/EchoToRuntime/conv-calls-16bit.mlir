// The convolutions on 16-bit tensors (every tensor of one op in one type)
// call the abi.def entries named for that type, with 16-bit buffers and the
// f32 entries' workspace and attribute arguments; an f32 convolution keeps
// the plain entry.
// RUN: echo-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// CHECK-DAG: func.func private @echo_conv2d_bf16(memref<*xbf16>, memref<*xbf16>, memref<*xbf16>, memref<*xbf16>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-DAG: func.func private @echo_conv2d_grad_input_f16(memref<*xf16>, memref<*xf16>, memref<*xf16>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64)
// CHECK-DAG: func.func private @echo_conv2d_grad_weight_bf16(memref<*xbf16>, memref<*xbf16>, memref<*xbf16>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64)
// CHECK-DAG: func.func private @echo_conv2d(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: func.func @convolutions(
// CHECK: call @echo_conv2d_bf16(
// CHECK: call @echo_conv2d_grad_weight_bf16(
// CHECK: call @echo_conv2d_grad_input_f16(
// CHECK: call @echo_conv2d(
func.func @convolutions(%x: tensor<2x3x6x6xbf16>, %w: tensor<4x3x3x3xbf16>, %b: tensor<4xbf16>,
                        %dy: tensor<2x4x3x3xbf16>, %dyh: tensor<2x4x3x3xf16>, %wh: tensor<4x3x3x3xf16>,
                        %xf: tensor<2x3x6x6xf32>, %wf: tensor<4x3x3x3xf32>)
    -> (tensor<2x4x3x3xbf16>, tensor<4x3x3x3xbf16>, tensor<2x3x6x6xf16>, tensor<2x4x3x3xf32>) {
  %y = echo.conv2d %x, %w, %b {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x3x6x6xbf16>, tensor<4x3x3x3xbf16>, tensor<4xbf16>) -> tensor<2x4x3x3xbf16>
  %dw = echo.conv2d_grad_weight %x, %dy {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x3x6x6xbf16>, tensor<2x4x3x3xbf16>) -> tensor<4x3x3x3xbf16>
  %dx = echo.conv2d_grad_input %dyh, %wh {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x4x3x3xf16>, tensor<4x3x3x3xf16>) -> tensor<2x3x6x6xf16>
  %yf = echo.conv2d %xf, %wf {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x3x6x6xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x3x3xf32>
  return %y, %dw, %dx, %yf : tensor<2x4x3x3xbf16>, tensor<4x3x3x3xbf16>, tensor<2x3x6x6xf16>, tensor<2x4x3x3xf32>
}
