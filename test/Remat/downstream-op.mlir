// An op of another dialect (echo_test.square, test/lib: pure, light, with
// CostOpInterface and DifferentiableOpInterface and nothing else of echo's)
// is differentiated and recomputed as the echo op in its place would be:
// echo.gelu, whose gradient also reads its input. Its output feeds the
// second linear, whose weight gradient needs it: Mirror and Echo recompute
// it from the first linear's output, which its own gradient keeps anyway.
// The pass RUN lines start from Inputs/downstream-op.autodiff.mlir (the
// functions below after echo-autodiff).
// RUN: echo-opt %S/Inputs/downstream-op.autodiff.mlir -split-input-file --echo-remat=policy=mirror | FileCheck %s
// RUN: echo-opt %S/Inputs/downstream-op.autodiff.mlir -split-input-file --echo-remat=policy=echo | FileCheck %s

// CHECK-LABEL: func.func @train_step
// CHECK: echo.recompute
// CHECK-NEXT: ^bb0
// CHECK-NEXT: echo_test.square
// CHECK: echo.yield
// CHECK-LABEL: func.func @train_step
// CHECK: echo.recompute
// CHECK-NEXT: ^bb0
// CHECK-NEXT: echo.gelu
// CHECK: echo.yield
func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo_test.square %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo.gelu %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
