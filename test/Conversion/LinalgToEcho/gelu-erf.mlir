// Exact GELU, x * 0.5 * (1 + erf(x / sqrt 2)), in a linalg.generic body is
// echo.gelu_erf, whatever the order and association of the products and
// whether the argument of erf is x * (1 / sqrt 2) or x / sqrt(2) (the
// constant computed in the body or not). No linalg, tensor, arith or math
// op may remain, and no echo op other than those checked.
// RUN: echo-opt %s -split-input-file --echo-import-linalg | FileCheck %s --implicit-check-not=linalg. --implicit-check-not=tensor. --implicit-check-not=arith. --implicit-check-not=math. --implicit-check-not=echo.
// Bodies that only look like it stay errors naming math.erf (errors.mlir).

#id = affine_map<(d0, d1) -> (d0, d1)>

// torch-mlir's form: x * 0.5 * (1 + erf(x * M_SQRT1_2)).
func.func @torch_form(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %s = arith.constant 0.707106769 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.mulf %in, %half : f32
    %3 = arith.mulf %in, %s : f32
    %4 = math.erf %3 : f32
    %5 = arith.addf %4, %one : f32
    %6 = arith.mulf %2, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @torch_form(
// CHECK-NEXT: %[[G:.+]] = echo.gelu_erf %arg0 : tensor<2x8xf32>
// CHECK-NEXT: return %[[G]]

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// The normal CDF first, 0.5 * (1 + erf(x / sqrt(2))) with sqrt(2) computed
// in the body, then x times it; the constants on the other sides.
func.func @cdf_form(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %two = arith.constant 2.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.sqrt %two : f32
    %3 = arith.divf %in, %r : f32
    %4 = math.erf %3 : f32
    %5 = arith.addf %one, %4 : f32
    %6 = arith.mulf %half, %5 : f32
    %7 = arith.mulf %in, %6 : f32
    linalg.yield %7 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @cdf_form(
// CHECK-NEXT: %[[G:.+]] = echo.gelu_erf %arg0 : tensor<2x8xf32>
// CHECK-NEXT: return %[[G]]

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// GELU of a computed value (a bias add fused into the body), the constant
// 0.5 split into 0.25 * 2 around the products, and the result used again
// after the GELU (the product tree stops at the GELU).
func.func @fused(%x: tensor<2x8xf32>, %b: tensor<8xf32>) -> tensor<2x8xf32> {
  %quarter = arith.constant 2.500000e-01 : f32
  %two = arith.constant 2.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %s = arith.constant 0.707106769 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<2x8xf32>, tensor<8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %v = arith.addf %in, %bias : f32
    %3 = arith.mulf %s, %v : f32
    %4 = math.erf %3 : f32
    %5 = arith.addf %4, %one : f32
    %6 = arith.mulf %quarter, %5 : f32
    %7 = arith.mulf %v, %two : f32
    %8 = arith.mulf %6, %7 : f32
    %9 = arith.addf %8, %in : f32
    linalg.yield %9 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @fused(
// CHECK-NEXT: %[[B:.+]] = echo.reshape %arg1 : tensor<8xf32> -> tensor<1x8xf32>
// CHECK-NEXT: %[[V:.+]] = echo.add %arg0, %[[B]] : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[G:.+]] = echo.gelu_erf %[[V]] : tensor<2x8xf32>
// CHECK-NEXT: %[[R:.+]] = echo.add %[[G]], %arg0
// CHECK-NEXT: return %[[R]]
