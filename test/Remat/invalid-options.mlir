// Bad echo-remat options are option errors (enumerations) or located pass
// errors (ranges), never a silent fallback.
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=bogus}))' 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{alignment=48}))' 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{alignment=0}))' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{gist=fp4}))' 2>&1 | FileCheck %s --check-prefix=GIST
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{flops-slack=-0.5}))' 2>&1 | FileCheck %s --check-prefix=SLACK
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{exchange-rate=-1}))' 2>&1 | FileCheck %s --check-prefix=RATE
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=optimal budget=-5}))' 2>&1 | FileCheck %s --check-prefix=NEGBUDGET
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=optimal budget=lots}))' 2>&1 | FileCheck %s --check-prefix=BADBUDGET
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=optimal budget=50%%}))' 2>&1 | FileCheck %s --check-prefix=PCTBUDGET
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=optimal time-limit=0}))' 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=optimal time-limit=soon}))' 2>&1 | FileCheck %s --check-prefix=TIMEPARSE
// NEGBUDGET: for the --budget option: '-5' is not a budget: give 'min', 'NN%' or a positive byte count
// BADBUDGET: for the --budget option: 'lots' is not a budget
// PCTBUDGET: invalid-options.mlir:[[#@LINE+10]]:1: error: echo-remat: budget must be 'min' or a byte count, got '50%'
// TIME: invalid-options.mlir:[[#@LINE+9]]:1: error: echo-remat: time-limit must be in (0, 86400] seconds, got 0.000000e+00
// TIMEPARSE: for the --time-limit option: 'soon' value invalid for floating point argument!
// RATE: invalid-options.mlir:[[#@LINE+7]]:1: error: echo-remat: exchange-rate must be >= 0, got -1.000000e+00
// SLACK: invalid-options.mlir:[[#@LINE+6]]:1: error: echo-remat: flops-slack must be in [0, 1], got -5.000000e-01
// GIST: for the --gist option: Cannot find option named 'fp4'!
// POLICY: for the --policy option: Cannot find option named 'bogus'!
// ALIGN: invalid-options.mlir:[[#@LINE+3]]:1: error: echo-remat: alignment must be a power of two, got 48
// ZERO: invalid-options.mlir:[[#@LINE+2]]:1: error: echo-remat: alignment must be a power of two, got 0

func.func @f(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %t = echo.tanh %x : tensor<2x4xf32>
  return %t : tensor<2x4xf32>
}
