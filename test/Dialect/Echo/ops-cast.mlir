// Round trip of echo.cast (mixed precision): every pair of f32, f16, bf16.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @casts
func.func @casts(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf16>) {
  // CHECK: %[[B:.*]] = echo.cast %{{.*}} : tensor<4x8xf32> -> tensor<4x8xbf16>
  %b = echo.cast %x : tensor<4x8xf32> -> tensor<4x8xbf16>
  // CHECK: %[[H:.*]] = echo.cast %[[B]] : tensor<4x8xbf16> -> tensor<4x8xf16>
  %h = echo.cast %b : tensor<4x8xbf16> -> tensor<4x8xf16>
  // CHECK: %[[B2:.*]] = echo.cast %[[H]] : tensor<4x8xf16> -> tensor<4x8xbf16>
  %b2 = echo.cast %h : tensor<4x8xf16> -> tensor<4x8xbf16>
  // CHECK: %[[F:.*]] = echo.cast %[[B2]] : tensor<4x8xbf16> -> tensor<4x8xf32>
  %f = echo.cast %b2 : tensor<4x8xbf16> -> tensor<4x8xf32>
  // CHECK: %[[H2:.*]] = echo.cast %[[F]] : tensor<4x8xf32> -> tensor<4x8xf16>
  %h2 = echo.cast %f : tensor<4x8xf32> -> tensor<4x8xf16>
  // CHECK: echo.cast %[[H2]] : tensor<4x8xf16> -> tensor<4x8xf32>
  %f2 = echo.cast %h2 : tensor<4x8xf16> -> tensor<4x8xf32>
  return %f2, %h2 : tensor<4x8xf32>, tensor<4x8xf16>
}

// 16-bit tensors through ordinary ops (the element types the dialect admits).
// CHECK-LABEL: func @bf16_ops
func.func @bf16_ops(%x: tensor<2x3xbf16>, %w: tensor<4x3xbf16>) -> tensor<2x4xbf16> {
  // CHECK: echo.linear %{{.*}}, %{{.*}} : (tensor<2x3xbf16>, tensor<4x3xbf16>) -> tensor<2x4xbf16>
  %y = echo.linear %x, %w : (tensor<2x3xbf16>, tensor<4x3xbf16>) -> tensor<2x4xbf16>
  // CHECK: echo.relu %{{.*}} : tensor<2x4xbf16>
  %r = echo.relu %y : tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}
