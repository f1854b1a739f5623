// Errors of --echo-autodiff's loss-scale options: located at the forward
// function, pass failure, no step. Pass options hold for a whole file, so
// each RUN line checks one bad value with FileCheck; the input-dependent
// error (a 16-bit trainable argument) is checked with -verify-diagnostics
// on the split inputs below.
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f loss-scale=dynamic' 2>&1 | FileCheck %s --check-prefix=NOOPT
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=sgd loss-scale=dynamic loss-scale-init=0' 2>&1 | FileCheck %s --check-prefix=INIT0
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=sgd loss-scale=dynamic loss-scale-init=-2' 2>&1 | FileCheck %s --check-prefix=INITNEG
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=sgd loss-scale=dynamic loss-scale-init=inf' 2>&1 | FileCheck %s --check-prefix=INITINF
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=sgd loss-scale=dynamic loss-scale-init=nan' 2>&1 | FileCheck %s --check-prefix=INITNAN
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=sgd loss-scale=dynamic loss-scale-init=1e39' 2>&1 | FileCheck %s --check-prefix=INITBIG
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=adam loss-scale=dynamic loss-scale-growth-interval=0' 2>&1 | FileCheck %s --check-prefix=INTERVAL
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=adam loss-scale=dynamic loss-scale-growth=1' 2>&1 | FileCheck %s --check-prefix=GROWTH
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=adam loss-scale=dynamic loss-scale-growth=inf' 2>&1 | FileCheck %s --check-prefix=GROWTHINF
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=adam loss-scale=dynamic loss-scale-backoff=1' 2>&1 | FileCheck %s --check-prefix=BACKOFF
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=adam loss-scale=dynamic loss-scale-backoff=0' 2>&1 | FileCheck %s --check-prefix=BACKOFF0
// RUN: not echo-opt %s -split-input-file '--echo-autodiff=function=f optimizer=adam loss-scale=static' 2>&1 | FileCheck %s --check-prefix=MODE
// The training pipeline passes its options on, with the same errors:
// RUN: not echo-opt %s -split-input-file '--echo-training-pipeline=loss-scale=dynamic' 2>&1 | FileCheck %s --check-prefix=NOOPT
// RUN: not echo-opt %s -split-input-file '--echo-training-pipeline=optimizer=adam loss-scale=dynamic loss-scale-backoff=1' 2>&1 | FileCheck %s --check-prefix=BACKOFF
// And a 16-bit trainable argument (the master weights must be f32):
// RUN: echo-opt %s -split-input-file '--echo-autodiff=optimizer=adam loss-scale=dynamic' -verify-diagnostics

// NOOPT: autodiff-loss-scale-invalid.mlir:[[@LINE+13]]:1: error: echo-autodiff: loss-scale=dynamic: needs an optimizer (optimizer=sgd|momentum|adam): the step skips updates on a non-finite gradient
// INIT0: [[@LINE+12]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-init must be positive and finite in f32, got 0.000000e+00
// INITNEG: [[@LINE+11]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-init must be positive and finite in f32, got -2.000000e+00
// INITINF: [[@LINE+10]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-init must be positive and finite in f32, got INF
// INITNAN: [[@LINE+9]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-init must be positive and finite in f32, got nan
// INITBIG: [[@LINE+8]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-init must be positive and finite in f32, got 1.000000e+39
// INTERVAL: [[@LINE+7]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-growth-interval must be at least 1, got 0
// GROWTH: [[@LINE+6]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-growth must be a finite factor above 1, got 1.000000e+00
// GROWTHINF: [[@LINE+5]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-growth must be a finite factor above 1, got INF
// BACKOFF: [[@LINE+4]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-backoff must lie in (0, 1), got 1.000000e+00
// BACKOFF0: [[@LINE+3]]:1: error: echo-autodiff: loss-scale=dynamic: loss-scale-backoff must lie in (0, 1), got 0.000000e+00
// MODE: for the --loss-scale option: Cannot find option named 'static'!
// NOOPT-NOT: @train_step
func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable}, %labels: tensor<4xi32>) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// expected-error@+1 {{echo-autodiff: loss-scale=dynamic: trainable argument #1 must be an f32 tensor (master weights), got 'tensor<16x8xf16>'}}
func.func @half_weights(%x: tensor<4x8xf16>, %w: tensor<16x8xf16> {echo.trainable}, %labels: tensor<4xi32>) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<4x8xf16>, tensor<16x8xf16>) -> tensor<4x16xf16>
  %y32 = echo.cast %y : tensor<4x16xf16> -> tensor<4x16xf32>
  %l = echo.cross_entropy %y32, %labels : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
