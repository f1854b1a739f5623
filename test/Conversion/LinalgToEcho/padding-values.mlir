// The values of raised asymmetric padding, against plain Python: ceil-mode
// max pooling that reads its high padding (explicit -FLT_MAX rows and
// columns) and a convolution padded on the high side only (explicit zeros).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/padding_reference.py write %t
// RUN: echo-opt %s --echo-import-linalg -o %t/raised.mlir
// RUN: FileCheck %s --input-file=%t/raised.mlir --implicit-check-not=linalg. --implicit-check-not=tensor.
// RUN: echo-run %t/raised.mlir --entry=ceil_pool --inputs 0=%t/x.npy --dump-results=%t/pool.out
// RUN: python3 %S/Inputs/padding_reference.py check ceil-pool %t/pool.out | FileCheck %s --check-prefix=MATCH
// RUN: echo-run %t/raised.mlir --entry=same_conv --inputs 0=%t/x.npy,1=%t/w.npy --dump-results=%t/conv.out
// RUN: python3 %S/Inputs/padding_reference.py check same-conv %t/conv.out | FileCheck %s --check-prefix=MATCH

// CHECK-LABEL: func.func @ceil_pool(
// CHECK: echo.concat
// CHECK: echo.max_pool2d
// CHECK-LABEL: func.func @same_conv(
// CHECK: echo.concat
// CHECK: echo.conv2d
// MATCH: match

func.func @ceil_pool(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x3x3xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %padded = tensor.pad %x low[0, 0, 0, 0] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<1x1x6x6xf32> to tensor<1x1x8x8xf32>
  %0 = tensor.empty() : tensor<1x1x3x3xf32>
  %1 = linalg.fill ins(%ninf : f32) outs(%0 : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x1x8x8xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  return %3 : tensor<1x1x3x3xf32>
}

func.func @same_conv(%x: tensor<1x1x6x6xf32>, %w: tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 0, 0] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x1x6x6xf32> to tensor<1x1x7x7xf32>
  %0 = tensor.empty() : tensor<1x1x6x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x1x7x7xf32>, tensor<1x1x2x2xf32>) outs(%1 : tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %2 : tensor<1x1x6x6xf32>
}
