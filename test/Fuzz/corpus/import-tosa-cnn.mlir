// FUZZ-ARGS: '--echo-import-tosa=weights-as-arguments loss=cross-entropy' '--echo-training-pipeline=remat=echo offload=dymem schedule=dfs'



func.func @forward(%x: tensor<2x8x8x3xf32>) -> tensor<2x4xf32> {
  %w1 = "tosa.const"() <{values = dense<0.1> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
  %b1 = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w1, %b1, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8x8x4xf32>
  %1 = tosa.clamp %0 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32>
  %2 = tosa.max_pool2d %1 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<2x8x8x4xf32>) -> tensor<2x4x4x4xf32>
  %wd = "tosa.const"() <{values = dense<0.2> : tensor<3x3x4x1xf32>}> : () -> tensor<3x3x4x1xf32>
  %bd = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %3 = tosa.depthwise_conv2d %2, %wd, %bd, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x4x4x4xf32>, tensor<3x3x4x1xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x4x4x4xf32>
  %4 = tosa.clamp %3 {max_val = 6.0 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %izp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %5 = tosa.avg_pool2d %4, %izp, %izp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<2x4x4x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x2x2x4xf32>
  %s = tosa.const_shape {values = dense<[1, 2, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %6 = tosa.reshape %5, %s : (tensor<2x2x2x4xf32>, !tosa.shape<3>) -> tensor<1x2x16xf32>
  %wf = "tosa.const"() <{values = dense<0.05> : tensor<1x16x4xf32>}> : () -> tensor<1x16x4xf32>
  %7 = tosa.matmul %6, %wf, %zp, %zp : (tensor<1x2x16xf32>, tensor<1x16x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x4xf32>
  %bf = "tosa.const"() <{values = dense<0.0> : tensor<1x1x4xf32>}> : () -> tensor<1x1x4xf32>
  %8 = tosa.add %7, %bf : (tensor<1x2x4xf32>, tensor<1x1x4xf32>) -> tensor<1x2x4xf32>
  %s2 = tosa.const_shape {values = dense<[2, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %9 = tosa.reshape %8, %s2 : (tensor<1x2x4xf32>, !tosa.shape<2>) -> tensor<2x4xf32>
  return %9 : tensor<2x4xf32>
}
