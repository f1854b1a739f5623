// Ops echo-import-linalg cannot raise: a located error naming the op, and
// the pass fails (unraisable-exit.mlir checks the exit status).
// RUN: echo-opt %s -split-input-file --echo-import-linalg -verify-diagnostics

// A lone erf: echo has it only inside exact GELU (echo.gelu_erf,
// gelu-erf.mlir).
func.func @erf(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = tensor.empty() : tensor<2x8xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'linalg.generic': its body op 'math.erf' is raised only in exact GELU, x * 0.5 * (1 + erf(x / sqrt 2)) (echo.gelu_erf)}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = math.erf %in : f32
    linalg.yield %2 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// GELU's shape with erf's argument scaled by 0.5, not 1 / sqrt 2: not GELU.
func.func @gelu_wrong_scale(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  // expected-error @+1 {{its body op 'math.erf' is raised only in exact GELU}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.mulf %in, %half : f32
    %3 = arith.mulf %in, %half : f32
    %4 = math.erf %3 : f32
    %5 = arith.addf %4, %one : f32
    %6 = arith.mulf %2, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// The sum 1 + erf read twice (not only by GELU's product): not raised.
func.func @gelu_sum_reused(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %s = arith.constant 0.707106769 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  // expected-error @+1 {{its body op 'math.erf' is raised only in exact GELU}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.mulf %in, %half : f32
    %3 = arith.mulf %in, %s : f32
    %4 = math.erf %3 : f32
    %5 = arith.addf %4, %one : f32
    %6 = arith.mulf %2, %5 : f32
    %7 = arith.addf %6, %5 : f32
    linalg.yield %7 : f32
  } -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

func.func @conv3d(%x: tensor<1x1x4x4x4xf32>, %w: tensor<1x1x2x2x2xf32>) -> tensor<1x1x3x3x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x1x3x3x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x1x3x3x3xf32>) -> tensor<1x1x3x3x3xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'linalg.conv_3d_ncdhw_fcdhw': no rule raises it into echo ops}}
  %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<1> : vector<3xi64>} ins(%x, %w : tensor<1x1x4x4x4xf32>, tensor<1x1x2x2x2xf32>) outs(%1 : tensor<1x1x3x3x3xf32>) -> tensor<1x1x3x3x3xf32>
  return %2 : tensor<1x1x3x3x3xf32>
}

// -----

// Windows that read nothing but padding (asymmetric padding itself is
// raised: real-patterns.mlir).
func.func @windows_in_padding(%x: tensor<1x1x2x2xf32>, %w: tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 3, 3] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x1x2x2xf32> to tensor<1x1x5x5xf32>
  %0 = tensor.empty() : tensor<1x1x1x1xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  // expected-error @+1 {{echo-import-linalg: cannot raise 'linalg.conv_2d_nchw_fchw': its windows do not lie within its padded input}}
  %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x1x5x5xf32>, tensor<1x1x2x2xf32>) outs(%1 : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %2 : tensor<1x1x1x1xf32>
}

// -----

// Max pooling over zero padding is not echo's max pooling (padding never wins).
func.func @max_pool_zero_pad(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x1x4x4xf32> to tensor<1x1x6x6xf32>
  %0 = tensor.empty() : tensor<1x1x2x2xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  // expected-error @+1 {{cannot raise 'linalg.pooling_nchw_max': its input is padded with a value other than -inf}}
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x1x6x6xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %3 : tensor<1x1x2x2xf32>
}

// -----

// A padded tensor read by something other than a convolution or pooling.
func.func @pad_not_folded(%x: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  // expected-error @+1 {{cannot raise 'tensor.pad': its padding was not folded into a convolution or pooling}}
  %padded = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i0: index, %i1: index):
    tensor.yield %cst : f32
  } : tensor<2x2xf32> to tensor<4x4xf32>
  %0 = tensor.empty() : tensor<4x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%padded : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = math.tanh %in : f32
    linalg.yield %2 : f32
  } -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

func.func @index_body(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{cannot raise 'linalg.generic': its body reads loop indices (linalg.index)}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%0 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    %2 = arith.addf %in, %f : f32
    linalg.yield %2 : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

func.func @sum_into_empty(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %0 = tensor.empty() : tensor<2xf32>
  // expected-error @+1 {{cannot raise 'linalg.generic': it accumulates into an uninitialized tensor.empty}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.addf %in, %out : f32
    linalg.yield %2 : f32
  } -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

func.func @control_flow(%x: tensor<2xf32>, %c: i1) -> tensor<2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2xf32>
  // expected-error @+1 {{cannot raise 'scf.if': no rule raises it into echo ops}}
  %1 = scf.if %c -> tensor<2xf32> {
    scf.yield %x : tensor<2xf32>
  } else {
    scf.yield %0 : tensor<2xf32>
  }
  return %1 : tensor<2xf32>
}

// -----

func.func @dynamic_shape(%x: tensor<?x8xf32>, %e: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{cannot raise 'linalg.generic': it operates on values that are not statically shaped tensors}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = math.tanh %in : f32
    linalg.yield %2 : f32
  } -> tensor<?x8xf32>
  return %1 : tensor<?x8xf32>
}

// -----

func.func @memref_matmul(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  // expected-error @+1 {{cannot raise 'linalg.matmul': it operates on values that are not statically shaped tensors}}
  linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%c : memref<2x4xf32>)
  return
}
