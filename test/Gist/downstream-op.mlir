// gist-encode encodes what the backward pass reads, whoever produced it:
// the output of an op of another dialect (echo_test.square, test/lib),
// stashed for the second linear's weight gradient, is stored in reduced
// precision (DPR) and decoded before its reader, as the output of the echo
// op in its place (echo.gelu) is.
// The pass RUN lines start from Inputs/downstream-op.autodiff.mlir (the
// functions below after echo-autodiff).
// RUN: echo-opt %S/Inputs/downstream-op.autodiff.mlir -split-input-file --gist-encode="dpr=fp16 dpr-min-bytes=0" | FileCheck %s

// CHECK-LABEL: func.func @train_step
// CHECK:         %[[A:.*]] = echo_test.square %{{.*}} : tensor<8x32xf32>
// CHECK:         %[[E:.*]] = echo.encode %[[A]] : tensor<8x32xf32> as #echo.encoding<fp16>
// CHECK:         echo.decode %[[E]]
// CHECK-LABEL: func.func @train_step
// CHECK:         %[[A:.*]] = echo.gelu %{{.*}} : tensor<8x32xf32>
// CHECK:         %[[E:.*]] = echo.encode %[[A]] : tensor<8x32xf32> as #echo.encoding<fp16>
// CHECK:         echo.decode %[[E]]

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
