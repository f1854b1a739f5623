// echo-import-linalg, one torch-mlir pattern per function: every linalg,
// tensor and arith op is raised (none may remain) into the echo op a model
// builder would write.
// RUN: echo-opt %s -split-input-file --echo-import-linalg | FileCheck %s --implicit-check-not=linalg. --implicit-check-not=tensor. --implicit-check-not=arith.

// conv with tensor.pad folded and the bias broadcast into the destination.
func.func @conv_pad_bias(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<2x4x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<2x3x8x8xf32> to tensor<2x3x10x10xf32>
  %0 = tensor.empty() : tensor<2x4x4x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%0 : tensor<2x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4x4x4xf32>
  %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %w : tensor<2x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%1 : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %2 : tensor<2x4x4x4xf32>
}
// CHECK-LABEL: func.func @conv_pad_bias(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.conv2d %arg0, %arg1, %arg2 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x4x4x4xf32>

// -----

func.func @conv_dilated(%x: tensor<1x2x9x9xf32>, %w: tensor<2x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x5x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
  %2 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x9x9xf32>, tensor<2x2x3x3xf32>) outs(%1 : tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
  return %2 : tensor<1x2x5x5xf32>
}
// CHECK-LABEL: func.func @conv_dilated(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.conv2d %arg0, %arg1 {dilation = array<i64: 2, 2>} : (tensor<1x2x9x9xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x5x5xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x2x5x5xf32>

// -----

func.func @depthwise(%x: tensor<1x8x6x6xf32>, %w: tensor<8x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x8x6x6xf32> to tensor<1x8x8x8xf32>
  %0 = tensor.empty() : tensor<1x8x6x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x8x8x8xf32>, tensor<8x3x3xf32>) outs(%1 : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  return %2 : tensor<1x8x6x6xf32>
}
// CHECK-LABEL: func.func @depthwise(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.reshape %arg1 : tensor<8x3x3xf32> -> tensor<8x1x3x3xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.conv2d %arg0, [[V0]] {groups = 8 : i64, padding = array<i64: 1, 1>} : (tensor<1x8x6x6xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x6x6xf32>
// CHECK-NEXT: return [[V1]] : tensor<1x8x6x6xf32>

// -----

// torch's x @ W^T + b: a transposing generic, linalg.matmul, a bias generic.
func.func @linear(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x16xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x16xf32>
  %2 = tensor.empty() : tensor<4x16xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %4 = linalg.matmul ins(%x, %1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%3 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4, %b : tensor<4x16xf32>, tensor<16xf32>) outs(%2 : tensor<4x16xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %6 = arith.addf %in, %in_0 : f32
    linalg.yield %6 : f32
  } -> tensor<4x16xf32>
  return %5 : tensor<4x16xf32>
}
// CHECK-LABEL: func.func @linear(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.linear %arg0, %arg1, %arg2 : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x16xf32>

// -----

func.func @matmul_plain(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x16xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %2 : tensor<4x16xf32>
}
// CHECK-LABEL: func.func @matmul_plain(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x16xf32>

// -----

// A contraction generic with a transposed left operand.
func.func @generic_matmul_transposed_lhs(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x16xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<4x16xf32>
  return %2 : tensor<4x16xf32>
}
// CHECK-LABEL: func.func @generic_matmul_transposed_lhs(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.matmul %arg0, %arg1 transpose_lhs : (tensor<8x4xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x16xf32>

// -----

func.func @batch_matmul(%a: tensor<3x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<3x4x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<3x4x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %2 = linalg.batch_matmul ins(%a, %b : tensor<3x4x8xf32>, tensor<3x8x5xf32>) outs(%1 : tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  return %2 : tensor<3x4x5xf32>
}
// CHECK-LABEL: func.func @batch_matmul(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.batch_matmul %arg0, %arg1 : (tensor<3x4x8xf32>, tensor<3x8x5xf32>) -> tensor<3x4x5xf32>
// CHECK-NEXT: return [[V0]] : tensor<3x4x5xf32>

// -----

func.func @max_pool_padded(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x2x8x8xf32> to tensor<1x2x10x10xf32>
  %0 = tensor.empty() : tensor<1x2x4x4xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x2x10x10xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %3 : tensor<1x2x4x4xf32>
}
// CHECK-LABEL: func.func @max_pool_padded(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.max_pool2d %arg0 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x2x4x4xf32>

// -----

// avg_pool2d: a window sum and the division by the window size.
func.func @avg_pool(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 4.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x4x4xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %2 = tensor.empty() : tensor<2x2xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %2 : tensor<1x2x8x8xf32>, tensor<2x2xf32>) outs(%1 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x2x4x4xf32>) outs(%0 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.divf %in, %cst_0 : f32
    linalg.yield %5 : f32
  } -> tensor<1x2x4x4xf32>
  return %4 : tensor<1x2x4x4xf32>
}
// CHECK-LABEL: func.func @avg_pool(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.avg_pool2d %arg0 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<1x2x4x4xf32>

// -----

// A window sum with no division stays a sum: average times window size.
func.func @sum_pool(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x4x4xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %2 = tensor.empty() : tensor<2x2xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %2 : tensor<1x2x8x8xf32>, tensor<2x2xf32>) outs(%1 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %3 : tensor<1x2x4x4xf32>
}
// CHECK-LABEL: func.func @sum_pool(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.avg_pool2d %arg0 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.fill 4.000000e+00 : tensor<1x1x1x1xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.mul [[V0]], [[V1]] : (tensor<1x2x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: return [[V2]] : tensor<1x2x4x4xf32>

// -----

func.func @relu_select(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.cmpf ugt, %in, %cst : f32
    %3 = arith.select %2, %in, %cst : f32
    linalg.yield %3 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @relu_select(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.relu %arg0 : tensor<2x8xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x8xf32>

// -----

func.func @relu_maximumf(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.maximumf %in, %cst : f32
    linalg.yield %2 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @relu_maximumf(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.relu %arg0 : tensor<2x8xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x8xf32>

// -----

// hardtanh(0, 6) as torch-mlir writes clamp: max by select, then min.
func.func @relu6(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 6.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.cmpf ult, %in, %cst : f32
    %3 = arith.select %2, %cst, %in : f32
    %4 = arith.cmpf ugt, %3, %cst_0 : f32
    %5 = arith.select %4, %cst_0, %3 : f32
    linalg.yield %5 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @relu6(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.relu %arg0 : tensor<2x8xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.fill -6.000000e+00 : tensor<1x1xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.neg [[V0]] : tensor<2x8xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.max [[V2]], [[V1]] : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V4:%[^ ,]+]] = echo.neg [[V3]] : tensor<2x8xf32>
// CHECK-NEXT: return [[V4]] : tensor<2x8xf32>

// -----

// torch-mlir's sigmoid: 1 / (1 + exp(-x)).
func.func @sigmoid(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.negf %in : f32
    %3 = math.exp %2 : f32
    %4 = arith.addf %3, %cst : f32
    %5 = arith.divf %cst, %4 : f32
    linalg.yield %5 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @sigmoid(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.sigmoid %arg0 : tensor<2x8xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x8xf32>

// -----

func.func @tanh_sub_mul(%x: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<2x8xf32>, tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %2 = math.tanh %in : f32
    %3 = arith.subf %2, %in_0 : f32
    %4 = arith.mulf %3, %in_0 : f32
    linalg.yield %4 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @tanh_sub_mul(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.tanh %arg0 : tensor<2x8xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.sub [[V0]], %arg1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.mul [[V1]], %arg1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: return [[V2]] : tensor<2x8xf32>

// -----

// Broadcast through indexing maps: a row vector and a column vector.
func.func @broadcast_maps(%x: tensor<2x8xf32>, %row: tensor<8xf32>, %col: tensor<2xf32>) -> tensor<2x8xf32> {
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %row, %col : tensor<2x8xf32>, tensor<8xf32>, tensor<2xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
    %2 = arith.addf %in, %in_0 : f32
    %3 = arith.mulf %2, %in_1 : f32
    linalg.yield %3 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @broadcast_maps(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.reshape %arg1 : tensor<8xf32> -> tensor<1x8xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.add %arg0, [[V0]] : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[V2:%[^ ,]+]] = echo.reshape %arg2 : tensor<2xf32> -> tensor<2x1xf32>
// CHECK-NEXT: [[V3:%[^ ,]+]] = echo.mul [[V1]], [[V2]] : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: return [[V3]] : tensor<2x8xf32>

// -----

// torch-mlir's inference batch norm.
func.func @batch_norm(%x: tensor<2x4x3x3xf32>, %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x4x3x3xf32> {
  %cst = arith.constant 1.000000e-03 : f64
  %0 = tensor.empty() : tensor<2x4x3x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %g, %b, %m, %v : tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%0 : tensor<2x4x3x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %in_1: f32, %in_2: f32, %in_3: f32, %out: f32):
    %2 = arith.truncf %cst : f64 to f32
    %3 = arith.addf %in_3, %2 : f32
    %4 = math.rsqrt %3 : f32
    %5 = arith.subf %in, %in_2 : f32
    %6 = arith.mulf %5, %4 : f32
    %7 = arith.mulf %6, %in_0 : f32
    %8 = arith.addf %7, %in_1 : f32
    linalg.yield %8 : f32
  } -> tensor<2x4x3x3xf32>
  return %1 : tensor<2x4x3x3xf32>
}
// CHECK-LABEL: func.func @batch_norm(
// CHECK-NEXT: [[V0:%[^ ,]+]], [[V1:%[^ ,]+]], [[V2:%[^ ,]+]], [[V3:%[^ ,]+]], [[V4:%[^ ,]+]] = echo.batch_norm %arg0, %arg1, %arg2, %arg3, %arg4 {epsilon = 1.000000e-03 : f64} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT: return [[V0]] : tensor<2x4x3x3xf32>

// -----

func.func @reshapes(%x: tensor<2x4x3x3xf32>) -> tensor<2x6x6xf32> {
  %collapsed = tensor.collapse_shape %x [[0], [1, 2, 3]] : tensor<2x4x3x3xf32> into tensor<2x36xf32>
  %expanded = tensor.expand_shape %collapsed [[0], [1, 2]] output_shape [2, 6, 6] : tensor<2x36xf32> into tensor<2x6x6xf32>
  return %expanded : tensor<2x6x6xf32>
}
// CHECK-LABEL: func.func @reshapes(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.reshape %arg0 : tensor<2x4x3x3xf32> -> tensor<2x6x6xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x6x6xf32>

// -----

// A fill read as data, not as a destination: a generic reads it as the
// constant it holds.
func.func @fill_as_data(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 5.000000e-01 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %1 : tensor<2x8xf32>, tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    linalg.yield %3 : f32
  } -> tensor<2x8xf32>
  return %2 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @fill_as_data(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.fill 5.000000e-01 : tensor<1x1xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.mul %arg0, [[V0]] : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: return [[V1]] : tensor<2x8xf32>

// -----

// mean over the spatial dims with keepdim: a sum reduction (constant-0
// output map) and the division by the element count.
func.func @mean_keepdim(%x: tensor<2x4x3x3xf32>) -> tensor<2x4x1x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 9.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x4x1x1xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x : tensor<2x4x3x3xf32>) outs(%1 : tensor<2x4x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.addf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<2x4x1x1xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x4x1x1xf32>) outs(%0 : tensor<2x4x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.divf %in, %cst_0 : f32
    linalg.yield %5 : f32
  } -> tensor<2x4x1x1xf32>
  return %4 : tensor<2x4x1x1xf32>
}
// CHECK-LABEL: func.func @mean_keepdim(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.reduce mean %arg0 dims [2, 3] keepdims : tensor<2x4x3x3xf32> -> tensor<2x4x1x1xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x4x1x1xf32>

// -----

// torch-mlir's decomposed softmax over the last dim.
func.func @softmax(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x1xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x1xf32>) -> tensor<2x1xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x8xf32>) outs(%1 : tensor<2x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.maximumf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<2x1xf32>
  %4 = tensor.empty() : tensor<2x8xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %2 : tensor<2x8xf32>, tensor<2x1xf32>) outs(%4 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %6 = arith.subf %in, %in_1 : f32
    %7 = math.exp %6 : f32
    linalg.yield %7 : f32
  } -> tensor<2x8xf32>
  %8 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x1xf32>) -> tensor<2x1xf32>
  %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%5 : tensor<2x8xf32>) outs(%8 : tensor<2x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = arith.addf %in, %out : f32
    linalg.yield %10 : f32
  } -> tensor<2x1xf32>
  %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5, %9 : tensor<2x8xf32>, tensor<2x1xf32>) outs(%4 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<2x8xf32>
  return %11 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @softmax(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.softmax %arg0 {axis = 1 : i64} : tensor<2x8xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x8xf32>

// -----

func.func @named_softmax(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.softmax dimension(1) ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @named_softmax(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.softmax %arg0 {axis = 1 : i64} : tensor<2x8xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x8xf32>

// -----

func.func @transpose_named(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tensor.empty() : tensor<4x2x3xf32>
  %1 = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%0 : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  return %1 : tensor<4x2x3xf32>
}
// CHECK-LABEL: func.func @transpose_named(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.transpose %arg0 permutation [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x2x3xf32>

// -----

// Weight constants stay echo constants without weights-as-arguments.
func.func @constant_weight(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x2xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<2x3xf32>, tensor<2x3xf32>) outs(%1 : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %2 : tensor<2x2xf32>
}
// CHECK-LABEL: func.func @constant_weight(
// CHECK-NEXT: [[V0:%[^ ,]+]] = echo.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: [[V1:%[^ ,]+]] = echo.linear %arg0, [[V0]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: return [[V1]] : tensor<2x2xf32>
