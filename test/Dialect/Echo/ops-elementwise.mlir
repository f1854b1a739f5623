// Round trip of the elementwise forward ops.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @unary
func.func @unary(%x: tensor<4x8xf32>, %h: tensor<4x8xf16>, %bf: tensor<3xbf16>) -> tensor<4x8xf32> {
  // CHECK: echo.relu %{{.*}} : tensor<4x8xf32>
  %0 = echo.relu %x : tensor<4x8xf32>
  // CHECK: echo.tanh %{{.*}} : tensor<4x8xf32>
  %1 = echo.tanh %0 : tensor<4x8xf32>
  // CHECK: echo.sigmoid %{{.*}} : tensor<4x8xf32>
  %2 = echo.sigmoid %1 : tensor<4x8xf32>
  // CHECK: echo.gelu %{{.*}} : tensor<4x8xf32>
  %3 = echo.gelu %2 : tensor<4x8xf32>
  // CHECK: echo.gelu_erf %{{.*}} : tensor<4x8xf32>
  %gelu_erf = echo.gelu_erf %3 : tensor<4x8xf32>
  // CHECK: echo.exp %{{.*}} : tensor<4x8xf32>
  %4 = echo.exp %3 : tensor<4x8xf32>
  // CHECK: echo.log %{{.*}} : tensor<4x8xf32>
  %5 = echo.log %4 : tensor<4x8xf32>
  // CHECK: echo.neg %{{.*}} : tensor<4x8xf32>
  %6 = echo.neg %5 : tensor<4x8xf32>
  // CHECK: echo.sqrt %{{.*}} : tensor<4x8xf32>
  %7 = echo.sqrt %6 : tensor<4x8xf32>
  // CHECK: echo.rsqrt %{{.*}} : tensor<4x8xf32>
  %8 = echo.rsqrt %7 : tensor<4x8xf32>
  // f16 and bf16 are accepted by elementwise ops.
  // CHECK: echo.relu %{{.*}} : tensor<4x8xf16>
  %9 = echo.relu %h : tensor<4x8xf16>
  // CHECK: echo.tanh %{{.*}} : tensor<3xbf16>
  %10 = echo.tanh %bf : tensor<3xbf16>
  return %8 : tensor<4x8xf32>
}

// CHECK-LABEL: func @binary
func.func @binary(%a: tensor<4x8xf32>, %row: tensor<8xf32>, %col: tensor<4x1xf32>, %s: tensor<f32>) -> tensor<4x8xf32> {
  // CHECK: echo.add %{{.*}}, %{{.*}} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %0 = echo.add %a, %row : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // CHECK: echo.sub %{{.*}}, %{{.*}} : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = echo.sub %col, %row : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // CHECK: echo.mul %{{.*}}, %{{.*}} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %2 = echo.mul %1, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  // CHECK: echo.div %{{.*}}, %{{.*}} : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %3 = echo.div %2, %col : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  // CHECK: echo.max %{{.*}}, %{{.*}} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = echo.max %3, %0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}
