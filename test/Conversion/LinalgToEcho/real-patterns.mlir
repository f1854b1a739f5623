// echo-import-linalg on the forms torch-mlir's TorchToLinalg writes for
// torchvision classifiers (docs/importers.md): permuted output maps,
// constants computed by rank-0 generics, clamps, hardswish, SiLU and
// squeeze-and-excitation gating, float conversions in bodies, fills of
// computed values, concatenation by tensor.insert_slice, splitting by
// tensor.extract_slice, asymmetric (ceil-mode) padding, adaptive average
// pooling. No linalg, tensor or arith op may remain.
// RUN: echo-opt %s -split-input-file --echo-import-linalg | FileCheck %s --implicit-check-not=linalg. --implicit-check-not=tensor. --implicit-check-not=arith.

// torch-mlir's transpose of a linear weight: a generic whose output map
// is a permutation, then the matmul and the bias add.
func.func @transpose_output_map(%x: tensor<2x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>) -> tensor<2x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x16xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x16xf32>
  %2 = tensor.empty() : tensor<2x16xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x16xf32>) -> tensor<2x16xf32>
  %4 = linalg.matmul ins(%x, %1 : tensor<2x8xf32>, tensor<8x16xf32>) outs(%3 : tensor<2x16xf32>) -> tensor<2x16xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4, %b : tensor<2x16xf32>, tensor<16xf32>) outs(%2 : tensor<2x16xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %6 = arith.addf %in, %in_0 : f32
    linalg.yield %6 : f32
  } -> tensor<2x16xf32>
  return %5 : tensor<2x16xf32>
}
// CHECK-LABEL: func.func @transpose_output_map(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.linear %arg0, %arg1, %arg2 : (tensor<2x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x16xf32>

// -----

// A transpose fused with computation: relu(a + b) written transposed, the
// output map a 3-D permutation.
func.func @transpose_fused(%a: tensor<2x3x4xf32>, %b: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x2x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d0, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %b : tensor<2x3x4xf32>, tensor<2x3x4xf32>) outs(%0 : tensor<4x2x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %2 = arith.addf %in, %in_0 : f32
    %3 = arith.maximumf %2, %cst : f32
    linalg.yield %3 : f32
  } -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}
// CHECK-LABEL: func.func @transpose_fused(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.add %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.relu [[V0]] : tensor<2x3x4xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.transpose [[V1]] permutation [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT: return [[V2]] : tensor<4x2x3xf32>

// -----

// ReLU6 as MobileNet v2 exports it: the bounds are f64 fills converted to
// f32 tensors by rank-0 generics, read through the map () by the clamps.
func.func @relu6_f64_bounds(%x: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %c0 = arith.constant 0.000000e+00 : f64
  %c6 = arith.constant 6.000000e+00 : f64
  %0 = tensor.empty() : tensor<f64>
  %1 = linalg.fill ins(%c0 : f64) outs(%0 : tensor<f64>) -> tensor<f64>
  %2 = tensor.empty() : tensor<f32>
  %3 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%1 : tensor<f64>) outs(%2 : tensor<f32>) {
  ^bb0(%in: f64, %out: f32):
    %t = arith.truncf %in : f64 to f32
    linalg.yield %t : f32
  } -> tensor<f32>
  %4 = tensor.empty() : tensor<1x4x2x2xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %3 : tensor<1x4x2x2xf32>, tensor<f32>) outs(%4 : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %c = arith.cmpf ugt, %in, %in_0 : f32
    %s = arith.select %c, %in, %in_0 : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2x2xf32>
  %6 = linalg.fill ins(%c6 : f64) outs(%0 : tensor<f64>) -> tensor<f64>
  %7 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%6 : tensor<f64>) outs(%2 : tensor<f32>) {
  ^bb0(%in: f64, %out: f32):
    %t = arith.truncf %in : f64 to f32
    linalg.yield %t : f32
  } -> tensor<f32>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %5 : tensor<f32>, tensor<1x4x2x2xf32>) outs(%4 : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %c = arith.cmpf ult, %in, %in_0 : f32
    %s = arith.select %c, %in, %in_0 : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2x2xf32>
  return %8 : tensor<1x4x2x2xf32>
}
// CHECK-LABEL: func.func @relu6_f64_bounds(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.relu %arg0 : tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.neg [[V0]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.fill -6.000000e+00 : tensor<1x1x1x1xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.max [[V2]], [[V1]] : (tensor<1x1x1x1xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.neg [[V3]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: return [[V4]] : tensor<1x4x2x2xf32>

// -----

// Hardswish as MobileNet v3 exports it: x * min(max(x + 3, 0), 6) / 6, the
// upper bound an i64 fill converted by sitofp in a rank-0 generic.
func.func @hardswish(%x: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %c3 = arith.constant 3.000000e+00 : f32
  %c6f = arith.constant 6.000000e+00 : f32
  %c6 = arith.constant 6 : i64
  %0 = tensor.empty() : tensor<1x4x2x2xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x4x2x2xf32>) outs(%0 : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %c3 : f32
    linalg.yield %a : f32
  } -> tensor<1x4x2x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x4x2x2xf32>) outs(%0 : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.cmpf ugt, %in, %cst : f32
    %s = arith.select %c, %in, %cst : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2x2xf32>
  %3 = tensor.empty() : tensor<i64>
  %4 = linalg.fill ins(%c6 : i64) outs(%3 : tensor<i64>) -> tensor<i64>
  %5 = tensor.empty() : tensor<f32>
  %6 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%4 : tensor<i64>) outs(%5 : tensor<f32>) {
  ^bb0(%in: i64, %out: f32):
    %f = arith.sitofp %in : i64 to f32
    linalg.yield %f : f32
  } -> tensor<f32>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %6 : tensor<1x4x2x2xf32>, tensor<f32>) outs(%0 : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %c = arith.cmpf ult, %in, %in_0 : f32
    %s = arith.select %c, %in, %in_0 : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2x2xf32>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<1x4x2x2xf32>) outs(%0 : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %c6f : f32
    linalg.yield %d : f32
  } -> tensor<1x4x2x2xf32>
  %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %x : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) outs(%0 : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %m = arith.mulf %in, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x2x2xf32>
  return %9 : tensor<1x4x2x2xf32>
}
// CHECK-LABEL: func.func @hardswish(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.fill 3.000000e+00 : tensor<1x1x1x1xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.add %arg0, [[V0]] : (tensor<1x4x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.relu [[V1]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.fill -6.000000e+00 : tensor<1x1x1x1xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.neg [[V2]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V5:%[^ ,]+]] = echo.max [[V4]], [[V3]] : (tensor<1x4x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V6:%[^ ,]+]] = echo.neg [[V5]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V7:%[^ ,]+]] = echo.fill 6.000000e+00 : tensor<1x1x1x1xf32>
// CHECK-NEXT: [[V8:%[^ ,]+]] = echo.div [[V6]], [[V7]] : (tensor<1x4x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT: [[V9:%[^ ,]+]] = echo.mul [[V8]], %arg0 : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT: return [[V9]] : tensor<1x4x2x2xf32>

// -----

// Squeeze-and-excitation with SiLU gating: the [1, C, 1, 1] scale
// (sigmoid of a per-channel value) broadcast over the feature map, and
// x * sigmoid(x).
func.func @se_silu(%x: tensor<1x4x3x3xf32>, %s: tensor<1x4x1x1xf32>) -> tensor<1x4x3x3xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x4x1x1xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x4x1x1xf32>) outs(%0 : tensor<1x4x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %e = math.exp %n : f32
    %a = arith.addf %e, %one : f32
    %r = arith.divf %one, %a : f32
    linalg.yield %r : f32
  } -> tensor<1x4x1x1xf32>
  %2 = tensor.empty() : tensor<1x4x3x3xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %x : tensor<1x4x1x1xf32>, tensor<1x4x3x3xf32>) outs(%2 : tensor<1x4x3x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %m = arith.mulf %in, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x3x3xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x4x3x3xf32>) outs(%2 : tensor<1x4x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %e = math.exp %n : f32
    %a = arith.addf %e, %one : f32
    %r = arith.divf %one, %a : f32
    %y = arith.mulf %in, %r : f32
    linalg.yield %y : f32
  } -> tensor<1x4x3x3xf32>
  return %4 : tensor<1x4x3x3xf32>
}
// CHECK-LABEL: func.func @se_silu(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.sigmoid %arg1 : tensor<1x4x1x1xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.mul [[V0]], %arg0 : (tensor<1x4x1x1xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.sigmoid [[V1]] : tensor<1x4x3x3xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.mul [[V1]], [[V2]] : (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
// CHECK-NEXT: return [[V3]] : tensor<1x4x3x3xf32>

// -----

// A body computing in f64: extf of the input, truncf of the result. The
// raised ops compute at the result's precision (f32).
func.func @extf_truncf(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %half = arith.constant 5.000000e-01 : f64
  %0 = tensor.empty() : tensor<2x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf32>) outs(%0 : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %w = arith.extf %in : f32 to f64
    %m = arith.mulf %w, %half : f64
    %n = arith.truncf %m : f64 to f32
    linalg.yield %n : f32
  } -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
// CHECK-LABEL: func.func @extf_truncf(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.fill 5.000000e-01 : tensor<1x1xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.mul %arg0, [[V0]] : (tensor<2x4xf32>, tensor<1x1xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: return [[V1]] : tensor<2x4xf32>

// -----

// A fill of a computed value (a conversion of a constant) read as data.
func.func @fill_computed(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %c = arith.constant 2.500000e-01 : f64
  %v = arith.truncf %c : f64 to f32
  %0 = tensor.empty() : tensor<2x4xf32>
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %1 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%0 : tensor<2x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %m = arith.mulf %in, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}
// CHECK-LABEL: func.func @fill_computed(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.fill 2.500000e-01 : tensor<1x1xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.mul %arg0, [[V0]] : (tensor<2x4xf32>, tensor<1x1xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: return [[V1]] : tensor<2x4xf32>

// -----

// torch.cat along channels: insert_slice into a tensor.empty.
func.func @concat_channels(%a: tensor<1x2x3x3xf32>, %b: tensor<1x4x3x3xf32>) -> tensor<1x6x3x3xf32> {
  %0 = tensor.empty() : tensor<1x6x3x3xf32>
  %1 = tensor.insert_slice %a into %0[0, 0, 0, 0] [1, 2, 3, 3] [1, 1, 1, 1] : tensor<1x2x3x3xf32> into tensor<1x6x3x3xf32>
  %2 = tensor.insert_slice %b into %1[0, 2, 0, 0] [1, 4, 3, 3] [1, 1, 1, 1] : tensor<1x4x3x3xf32> into tensor<1x6x3x3xf32>
  return %2 : tensor<1x6x3x3xf32>
}
// CHECK-LABEL: func.func @concat_channels(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.concat %arg0, %arg1 axis 1 : (tensor<1x2x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x6x3x3xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x6x3x3xf32>

// -----

// Insertions in any order, one of them also read directly (DenseNet reads
// each partial concatenation).
func.func @concat_partial_reads(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %c: tensor<2x3xf32>) -> (tensor<6x3xf32>, tensor<6x3xf32>) {
  %0 = tensor.empty() : tensor<6x3xf32>
  %1 = tensor.insert_slice %c into %0[4, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
  %2 = tensor.insert_slice %a into %1[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
  %3 = tensor.insert_slice %b into %2[2, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
  return %3, %3 : tensor<6x3xf32>, tensor<6x3xf32>
}
// CHECK-LABEL: func.func @concat_partial_reads(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.concat %arg0, %arg1, %arg2 axis 0 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
// CHECK-NEXT: return [[V0]], [[V0]] : tensor<6x3xf32>, tensor<6x3xf32>

// -----

// Insertion into a fill (zero padding written as insert_slice): the
// uncovered regions are fills, cut along one axis at a time.
func.func @insert_into_fill(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x1x4x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x1x4x3xf32>) -> tensor<1x1x4x3xf32>
  %2 = tensor.insert_slice %x into %1[0, 0, 1, 1] [1, 1, 2, 2] [1, 1, 1, 1] : tensor<1x1x2x2xf32> into tensor<1x1x4x3xf32>
  return %2 : tensor<1x1x4x3xf32>
}
// CHECK-LABEL: func.func @insert_into_fill(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.fill 0.000000e+00 : tensor<1x1x1x3xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.fill 0.000000e+00 : tensor<1x1x2x1xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.concat [[V1]], %arg0 axis 3 : (tensor<1x1x2x1xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x3xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.fill 0.000000e+00 : tensor<1x1x1x3xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.concat [[V0]], [[V2]], [[V3]] axis 2 : (tensor<1x1x1x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x1x4x3xf32>
// CHECK-NEXT: return [[V4]] : tensor<1x1x4x3xf32>

// -----

// Splitting with extract_slice, including a rank-reducing one.
func.func @extract_slices(%x: tensor<1x6x4xf32>) -> (tensor<1x2x4xf32>, tensor<4x4xf32>) {
  %0 = tensor.extract_slice %x[0, 0, 0] [1, 2, 4] [1, 1, 1] : tensor<1x6x4xf32> to tensor<1x2x4xf32>
  %1 = tensor.extract_slice %x[0, 2, 0] [1, 4, 4] [1, 1, 1] : tensor<1x6x4xf32> to tensor<4x4xf32>
  return %0, %1 : tensor<1x2x4xf32>, tensor<4x4xf32>
}
// CHECK-LABEL: func.func @extract_slices(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.slice %arg0 offsets [0, 0, 0] : tensor<1x6x4xf32> -> tensor<1x2x4xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.slice %arg0 offsets [0, 2, 0] : tensor<1x6x4xf32> -> tensor<1x4x4xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.reshape [[V1]] : tensor<1x4x4xf32> -> tensor<4x4xf32>
// CHECK-NEXT: return [[V0]], [[V2]] : tensor<1x2x4xf32>, tensor<4x4xf32>

// -----

// Ceil-mode max pooling whose extra high padding no window reads
// (SqueezeNet at 13x13): the padding is dropped.
func.func @ceil_pool_unread(%x: tensor<1x2x13x13xf32>) -> tensor<1x2x6x6xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %padded = tensor.pad %x low[0, 0, 0, 0] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<1x2x13x13xf32> to tensor<1x2x15x15xf32>
  %0 = tensor.empty() : tensor<1x2x6x6xf32>
  %1 = linalg.fill ins(%ninf : f32) outs(%0 : tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x2x15x15xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
  return %3 : tensor<1x2x6x6xf32>
}
// CHECK-LABEL: func.func @ceil_pool_unread(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.max_pool2d %arg0 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<1x2x13x13xf32> -> tensor<1x2x6x6xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x2x6x6xf32>

// -----

// Ceil-mode max pooling that reads its high padding (6x6 -> 3x3): the
// padding is explicit, echo.concat of -FLT_MAX fills.
func.func @ceil_pool_read(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %padded = tensor.pad %x low[0, 0, 0, 0] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %0 = tensor.empty() : tensor<1x2x3x3xf32>
  %1 = linalg.fill ins(%ninf : f32) outs(%0 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x2x8x8xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %3 : tensor<1x2x3x3xf32>
}
// CHECK-LABEL: func.func @ceil_pool_read(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.fill -3.4028234663852886E+38 : tensor<1x2x1x6xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.concat %arg0, [[V0]] axis 2 : (tensor<1x2x6x6xf32>, tensor<1x2x1x6xf32>) -> tensor<1x2x7x6xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.fill -3.4028234663852886E+38 : tensor<1x2x7x1xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.concat [[V1]], [[V2]] axis 3 : (tensor<1x2x7x6xf32>, tensor<1x2x7x1xf32>) -> tensor<1x2x7x7xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.max_pool2d [[V3]] {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<1x2x7x7xf32> -> tensor<1x2x3x3xf32>
// CHECK-NEXT: return [[V4]] : tensor<1x2x3x3xf32>

// -----

// Asymmetric zero padding of a convolution (TensorFlow-style "same" with
// an even kernel): the common part stays the op's padding, the rest is
// explicit.
func.func @conv_asymmetric(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 0, 0] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x1x4x4xf32> to tensor<1x1x5x5xf32>
  %0 = tensor.empty() : tensor<1x1x4x4xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x1x5x5xf32>, tensor<1x1x2x2xf32>) outs(%1 : tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  return %2 : tensor<1x1x4x4xf32>
}
// CHECK-LABEL: func.func @conv_asymmetric(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.fill 0.000000e+00 : tensor<1x1x1x4xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.concat %arg0, [[V0]] axis 2 : (tensor<1x1x4x4xf32>, tensor<1x1x1x4xf32>) -> tensor<1x1x5x4xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.fill 0.000000e+00 : tensor<1x1x5x1xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.concat [[V1]], [[V2]] axis 3 : (tensor<1x1x5x4xf32>, tensor<1x1x5x1xf32>) -> tensor<1x1x5x5xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.conv2d [[V3]], %arg1 : (tensor<1x1x5x5xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
// CHECK-NEXT: return [[V4]] : tensor<1x1x4x4xf32>

// -----

// Adaptive average pooling to 1x1: a window sum over the whole map, then
// the division by its size.
func.func @adaptive_avg_pool(%x: tensor<1x4x3x3xf32>) -> tensor<1x4x1x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %nine = arith.constant 9.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x4x1x1xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %2 : tensor<1x4x3x3xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x4x1x1xf32>) outs(%0 : tensor<1x4x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %nine : f32
    linalg.yield %d : f32
  } -> tensor<1x4x1x1xf32>
  return %4 : tensor<1x4x1x1xf32>
}
// CHECK-LABEL: func.func @adaptive_avg_pool(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.avg_pool2d %arg0 {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>} : tensor<1x4x3x3xf32> -> tensor<1x4x1x1xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x4x1x1xf32>

// -----

// Grouped convolution (ResNeXt, RegNet) as torch-mlir writes it: the
// padded input and the weight expanded to groups, the result collapsed.
func.func @grouped_conv(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x5x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x4x5x5xf32> to tensor<1x4x7x7xf32>
  %expanded = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 7, 7] : tensor<1x4x7x7xf32> into tensor<1x2x2x7x7xf32>
  %expanded_w = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
  %0 = tensor.empty() : tensor<1x2x3x5x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x3x5x5xf32>) -> tensor<1x2x3x5x5xf32>
  %2 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %expanded_w : tensor<1x2x2x7x7xf32>, tensor<2x3x2x3x3xf32>) outs(%1 : tensor<1x2x3x5x5xf32>) -> tensor<1x2x3x5x5xf32>
  %collapsed = tensor.collapse_shape %2 [[0], [1, 2], [3], [4]] : tensor<1x2x3x5x5xf32> into tensor<1x6x5x5xf32>
  return %collapsed : tensor<1x6x5x5xf32>
}
// CHECK-LABEL: func.func @grouped_conv(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.conv2d %arg0, %arg1 {groups = 2 : i64, padding = array<i64: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x5x5xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x6x5x5xf32>
