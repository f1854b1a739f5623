// cf.assert (torch-mlir's shape checks) is dropped with a remark: echo
// graphs are statically shaped and verified. torch-mlir repeats the same
// assert in every layer; only the first with a message gets the remark.
// RUN: echo-opt %s --echo-import-linalg -verify-diagnostics | FileCheck %s --implicit-check-not=cf.assert

// CHECK-LABEL: func.func @forward(
// CHECK-NEXT: %[[R:.+]] = echo.relu %arg0
// CHECK-NEXT: return %[[R]]
func.func @forward(%x: tensor<2x8xf32>, %ok: i1) -> tensor<2x8xf32> {
  // expected-remark @+1 {{echo-import-linalg: dropped 'cf.assert' ("mismatched size"): echo graphs are static and checked by their verifiers (later asserts with this message are dropped without a remark)}}
  cf.assert %ok, "mismatched size"
  cf.assert %ok, "mismatched size"
  // expected-remark @+1 {{dropped 'cf.assert' ("training is not supported")}}
  cf.assert %ok, "training is not supported"
  cf.assert %ok, "mismatched size"
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.maximumf %in, %cst : f32
    linalg.yield %2 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
