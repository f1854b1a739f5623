// Forms of the torch-mlir patterns that echo-import-linalg still cannot
// raise: each a located error naming the op.
// RUN: echo-opt %s -split-input-file --echo-import-linalg -verify-diagnostics

// Insertions that overlap: echo has no overwrite.
func.func @insert_overlap(%a: tensor<3x2xf32>, %b: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %0 = tensor.empty() : tensor<4x2xf32>
  %1 = tensor.insert_slice %a into %0[0, 0] [3, 2] [1, 1] : tensor<3x2xf32> into tensor<4x2xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'tensor.insert_slice': its chain of insertions writes some elements twice}}
  %2 = tensor.insert_slice %b into %1[1, 0] [3, 2] [1, 1] : tensor<3x2xf32> into tensor<4x2xf32>
  return %2 : tensor<4x2xf32>
}

// -----

// A concatenation that leaves part of its tensor.empty unwritten.
func.func @insert_gap(%a: tensor<2x2xf32>, %b: tensor<1x2xf32>) -> tensor<4x2xf32> {
  %0 = tensor.empty() : tensor<4x2xf32>
  %1 = tensor.insert_slice %a into %0[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x2xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'tensor.insert_slice': its insertions leave elements of the tensor.empty they write into uninitialized}}
  %2 = tensor.insert_slice %b into %1[3, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x2xf32>
  return %2 : tensor<4x2xf32>
}

// -----

// Four blocks in a pinwheel: no cut along one dimension separates them.
func.func @insert_pinwheel(%h: tensor<1x2xf32>, %v: tensor<2x1xf32>, %c: tensor<1x1xf32>) -> tensor<3x3xf32> {
  %0 = tensor.empty() : tensor<3x3xf32>
  %1 = tensor.insert_slice %h into %0[0, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<3x3xf32>
  %2 = tensor.insert_slice %v into %1[0, 2] [2, 1] [1, 1] : tensor<2x1xf32> into tensor<3x3xf32>
  %3 = tensor.insert_slice %h into %2[2, 1] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<3x3xf32>
  %4 = tensor.insert_slice %v into %3[1, 0] [2, 1] [1, 1] : tensor<2x1xf32> into tensor<3x3xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'tensor.insert_slice': its insertions do not cut the tensor into slabs along one dimension at a time, which echo.concat needs}}
  %5 = tensor.insert_slice %c into %4[1, 1] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<3x3xf32>
  return %5 : tensor<3x3xf32>
}

// -----

// A fill of a value only known when the graph runs.
func.func @fill_runtime_value(%x: tensor<2x4xf32>, %s: f32) -> tensor<2x4xf32> {
  %0 = tensor.empty() : tensor<2x4xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'linalg.fill': it fills a value that is not known before the graph runs}}
  %1 = linalg.fill ins(%s : f32) outs(%0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %1 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%0 : tensor<2x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %m = arith.mulf %in, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}

// -----

// An operand of another element type than the result, not a known splat.
func.func @mixed_element_types(%x: tensor<2x4xf16>) -> tensor<2x4xf32> {
  %0 = tensor.empty() : tensor<2x4xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'linalg.generic': operand #0 has element type 'f16', not the result's 'f32'}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf16>) outs(%0 : tensor<2x4xf32>) {
  ^bb0(%in: f16, %out: f32):
    %e = arith.extf %in : f16 to f32
    linalg.yield %e : f32
  } -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// A slice at an offset known only when the graph runs.
func.func @slice_dynamic_offset(%x: tensor<4x4xf32>, %i: index) -> tensor<2x4xf32> {
  // expected-error @+1 {{echo-import-linalg: cannot raise 'tensor.extract_slice': its offsets, sizes or strides are not static}}
  %0 = tensor.extract_slice %x[%i, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A computed (not constant) f64 tensor: echo tensors are f32, f16 or bf16.
func.func @f64_result(%x: tensor<4xf32>) -> tensor<4xf64> {
  %0 = tensor.empty() : tensor<4xf64>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'linalg.generic': its result has element type 'f64', which echo tensors do not have}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%0 : tensor<4xf64>) {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    linalg.yield %e : f64
  } -> tensor<4xf64>
  return %1 : tensor<4xf64>
}

// -----

func.func @slice_integers(%x: tensor<4xi64>) -> tensor<2xi64> {
  // expected-error @+1 {{echo-import-linalg: cannot raise 'tensor.extract_slice': it slices a tensor of element type 'i64', which echo tensors do not have}}
  %0 = tensor.extract_slice %x[0] [2] [1] : tensor<4xi64> to tensor<2xi64>
  return %0 : tensor<2xi64>
}
