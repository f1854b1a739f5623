// TOSA that echo-import-tosa cannot raise: a located error naming the op,
// and a non-zero exit (the last RUN line).
// RUN: echo-opt %s -split-input-file --echo-import-tosa -verify-diagnostics
// RUN: not echo-opt %s -split-input-file --echo-import-tosa -o /dev/null 2>&1 | FileCheck %s
// CHECK: errors.mlir:[[@LINE+5]]:8: error: echo-import-tosa: cannot raise 'tosa.erf': no rule raises it into echo ops

func.func @erf(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // The exact GELU's erf has no echo op.
  // expected-error @+1 {{echo-import-tosa: cannot raise 'tosa.erf': no rule raises it into echo ops}}
  %0 = tosa.erf %x : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @asymmetric(%x: tensor<1x4x4x1xf32>, %w: tensor<1x2x2x1xf32>, %b: tensor<1xf32>) -> tensor<1x4x4x1xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-error @+1 {{cannot raise 'tosa.conv2d': its padding is asymmetric; echo pads both sides alike}}
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x1xf32>, tensor<1x2x2x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x1xf32>
  return %0 : tensor<1x4x4x1xf32>
}

// -----

// TOSA's average pooling leaves padding out of the count; echo's counts it.
func.func @avg_pool_padded(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-error @+1 {{cannot raise 'tosa.avg_pool2d': TOSA average pooling leaves padding out of the count; echo counts it as zeros}}
  %0 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x1xf32>
  return %0 : tensor<1x4x4x1xf32>
}

// -----

func.func @abs(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{echo-import-tosa: cannot raise 'tosa.abs': no rule raises it into echo ops}}
  %0 = tosa.abs %x : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{cannot raise 'tosa.tanh': it operates on values that are not statically shaped tensors}}
  %0 = tosa.tanh %x : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
