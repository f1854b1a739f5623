// echo-inline-recompute replaces each echo.recompute by its body at the same
// place: block arguments become the op's inputs, results the yielded values.
// RUN: echo-opt %s --echo-inline-recompute --split-input-file | FileCheck %s --implicit-check-not=echo.recompute --implicit-check-not=echo.yield

// CHECK-LABEL: func.func @two_results(
// CHECK-SAME: %[[S:.*]]: tensor<8x64xf32>, %[[B:.*]]: tensor<64xf32>
// CHECK-NEXT: %[[A:.*]] = echo.add %[[S]], %[[B]]
// CHECK-NEXT: %[[T:.*]] = echo.tanh %[[A]]
// CHECK-NEXT: %[[G:.*]] = echo.tanh_grad %[[T]], %[[A]]
// CHECK-NEXT: return %[[A]], %[[G]]
func.func @two_results(%s: tensor<8x64xf32>, %b: tensor<64xf32>)
    -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  %r:2 = echo.recompute (%s, %b) : (tensor<8x64xf32>, tensor<64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  ^bb0(%in: tensor<8x64xf32>, %bias: tensor<64xf32>):
    %a = echo.add %in, %bias : (tensor<8x64xf32>, tensor<64xf32>) -> tensor<8x64xf32>
    %t = echo.tanh %a : tensor<8x64xf32>
    echo.yield %a, %t : tensor<8x64xf32>, tensor<8x64xf32>
  }
  %g = echo.tanh_grad %r#1, %r#0 : tensor<8x64xf32>
  return %r#0, %g : tensor<8x64xf32>, tensor<8x64xf32>
}

// -----

// A region yielding its input unchanged leaves no op behind.
// CHECK-LABEL: func.func @pass_through(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>
// CHECK-NEXT: return %[[X]]
func.func @pass_through(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = echo.recompute (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    echo.yield %in : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
