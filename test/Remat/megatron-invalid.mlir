// layer-stride is full-layer's and counts boundaries: anything else is a
// located error, not a silent no-op.
// RUN: echo-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(echo-remat{policy=full-layer layer-stride=0}))'
// RUN: echo-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(echo-remat{policy=echo layer-stride=0}))'
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=selective layer-stride=2}))' 2>&1 | FileCheck %s --check-prefix=NEEDS
// RUN: not echo-opt %s '--echo-training-pipeline=remat=echo remat-layer-stride=3' 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: error: echo-remat: layer-stride needs policy=full-layer
// NEEDS: megatron-invalid.mlir:[[#@LINE+3]]:1: error: echo-remat: layer-stride needs policy=full-layer

// expected-error @+1 {{echo-remat: layer-stride must be >= 1, got 0}}
func.func @f(%x: tensor<2x4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %x : tensor<2x4xf32>
  %s = echo.reduce sum %t dims [0, 1] : tensor<2x4xf32> -> tensor<f32>
  return %s : tensor<f32>
}
