// Round trip of the compute-heavy forward ops: custom form, generic form, bytecode.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @linear
func.func @linear(%x: tensor<32x784xf32>, %w: tensor<256x784xf32>, %b: tensor<256xf32>, %x3: tensor<4x8x784xf32>) -> (tensor<32x256xf32>, tensor<4x8x256xf32>) {
  // CHECK: echo.linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<256xf32>) -> tensor<32x256xf32>
  %0 = echo.linear %x, %w, %b : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<256xf32>) -> tensor<32x256xf32>
  // CHECK: echo.linear %{{.*}}, %{{.*}} : (tensor<4x8x784xf32>, tensor<256x784xf32>) -> tensor<4x8x256xf32>
  %1 = echo.linear %x3, %w : (tensor<4x8x784xf32>, tensor<256x784xf32>) -> tensor<4x8x256xf32>
  return %0, %1 : tensor<32x256xf32>, tensor<4x8x256xf32>
}

// CHECK-LABEL: func @matmul
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %bt: tensor<4x16xf32>, %at: tensor<16x8xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  // CHECK: echo.matmul %{{.*}}, %{{.*}} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %0 = echo.matmul %a, %b : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // CHECK: echo.matmul %{{.*}}, %{{.*}} transpose_rhs : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %1 = echo.matmul %a, %bt transpose_rhs : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  // CHECK: echo.matmul %{{.*}}, %{{.*}} transpose_lhs transpose_rhs : (tensor<16x8xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %2 = echo.matmul %at, %bt transpose_lhs transpose_rhs : (tensor<16x8xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  return %0, %1, %2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}

// CHECK-LABEL: func @batch_matmul
func.func @batch_matmul(%q: tensor<8x10x64xf32>, %k: tensor<8x12x64xf32>, %v: tensor<8x12x64xf32>, %p: tensor<8x10x12xf32>) -> (tensor<8x10x12xf32>, tensor<8x10x64xf32>) {
  // CHECK: echo.batch_matmul %{{.*}}, %{{.*}} transpose_rhs : (tensor<8x10x64xf32>, tensor<8x12x64xf32>) -> tensor<8x10x12xf32>
  %0 = echo.batch_matmul %q, %k transpose_rhs : (tensor<8x10x64xf32>, tensor<8x12x64xf32>) -> tensor<8x10x12xf32>
  // CHECK: echo.batch_matmul %{{.*}}, %{{.*}} : (tensor<8x10x12xf32>, tensor<8x12x64xf32>) -> tensor<8x10x64xf32>
  %1 = echo.batch_matmul %p, %v : (tensor<8x10x12xf32>, tensor<8x12x64xf32>) -> tensor<8x10x64xf32>
  return %0, %1 : tensor<8x10x12xf32>, tensor<8x10x64xf32>
}

// CHECK-LABEL: func @conv2d
func.func @conv2d(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16xf32>, %dw: tensor<16x1x3x3xf32>, %x16: tensor<8x16x32x32xf32>) -> (tensor<8x16x32x32xf32>, tensor<8x16x15x15xf32>, tensor<8x16x28x28xf32>) {
  // CHECK: echo.conv2d %{{.*}}, %{{.*}}, %{{.*}} {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<8x16x32x32xf32>
  %0 = echo.conv2d %x, %w, %b {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<8x16x32x32xf32>
  // Defaults (stride 1, padding 0, dilation 1, groups 1) are elided when printed.
  // CHECK: echo.conv2d %{{.*}}, %{{.*}} {stride = array<i64: 2, 2>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x15x15xf32>
  %1 = echo.conv2d %x, %w {stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x15x15xf32>
  // Depthwise, dilated.
  // CHECK: echo.conv2d %{{.*}}, %{{.*}} {dilation = array<i64: 2, 2>, groups = 16 : i64} : (tensor<8x16x32x32xf32>, tensor<16x1x3x3xf32>) -> tensor<8x16x28x28xf32>
  %2 = echo.conv2d %x16, %dw {dilation = array<i64: 2, 2>, groups = 16 : i64} : (tensor<8x16x32x32xf32>, tensor<16x1x3x3xf32>) -> tensor<8x16x28x28xf32>
  return %0, %1, %2 : tensor<8x16x32x32xf32>, tensor<8x16x15x15xf32>, tensor<8x16x28x28xf32>
}

// CHECK-LABEL: func @embedding
func.func @embedding(%table: tensor<1000x64xf32>, %ids: tensor<8x20xi32>, %ids64: tensor<5xi64>) -> (tensor<8x20x64xf32>, tensor<5x64xf32>) {
  // CHECK: echo.embedding %{{.*}}, %{{.*}} : (tensor<1000x64xf32>, tensor<8x20xi32>) -> tensor<8x20x64xf32>
  %0 = echo.embedding %table, %ids : (tensor<1000x64xf32>, tensor<8x20xi32>) -> tensor<8x20x64xf32>
  // CHECK: echo.embedding %{{.*}}, %{{.*}} : (tensor<1000x64xf32>, tensor<5xi64>) -> tensor<5x64xf32>
  %1 = echo.embedding %table, %ids64 : (tensor<1000x64xf32>, tensor<5xi64>) -> tensor<5x64xf32>
  return %0, %1 : tensor<8x20x64xf32>, tensor<5x64xf32>
}
