// An op that cannot be raised: the error names the op at its location, and
// echo-opt exits non-zero.
// RUN: not echo-opt %s --echo-import-linalg 2>&1 | FileCheck %s
// RUN: not echo-opt %s --echo-import-linalg -o /dev/null

func.func @forward(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = tensor.empty() : tensor<2x8xf32>
  // CHECK: unraisable-exit.mlir:[[@LINE+1]]:8: error: echo-import-linalg: cannot raise 'linalg.generic': its body op 'math.erf' is raised only in exact GELU
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = math.erf %in : f32
    linalg.yield %2 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
