// Bad budget options are option-parsing errors (or, for a missing budget, a
// located error) with a non-zero exit.
//
// RUN: not echo-opt %s '--echo-budget-plan=budget=abc' 2>&1 | FileCheck %s --check-prefix=WORD
// RUN: not echo-opt %s '--echo-budget-plan=budget=0' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not echo-opt %s '--echo-budget-plan=budget=-5' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not echo-opt %s '--echo-budget-plan=budget=5XiB' 2>&1 | FileCheck %s --check-prefix=SUFFIX
// RUN: not echo-opt %s '--echo-budget-plan=budget=99999999999GiB' 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: echo-opt %s '--echo-budget-plan=budget=1e300%%' -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not echo-opt %s '--echo-budget-plan=budget=0%%' 2>&1 | FileCheck %s --check-prefix=PERCENT
// RUN: not echo-opt %s '--echo-budget-plan=budget=inf%%' 2>&1 | FileCheck %s --check-prefix=PERCENT
// RUN: not echo-opt %s '--echo-budget-plan=budget=nan%%' 2>&1 | FileCheck %s --check-prefix=PERCENT
// RUN: not echo-opt %s '--echo-budget-plan=budget=' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not echo-opt %s '--echo-budget-plan=budget=50%% workspace-budget=4096' 2>&1 | FileCheck %s --check-prefix=WORKSPACE
// RUN: not echo-opt %s '--echo-budget-plan=budget=1KiB allow-lossy=fp4' 2>&1 | FileCheck %s --check-prefix=LOSSY

// WORD: for the --budget option: 'abc' is not a budget: give 'min', 'NN%' or a positive byte count (with an optional KiB, MiB or GiB suffix)
// ZERO: for the --budget option: '0' is not a budget: give 'min', 'NN%' or a positive byte count
// NEGATIVE: for the --budget option: '-5' is not a budget: give 'min', 'NN%' or a positive byte count
// SUFFIX: for the --budget option: '5XiB' is not a budget: give 'min', 'NN%' or a positive byte count
// OVERFLOW: for the --budget option: '99999999999GiB' is not a budget: give 'min', 'NN%' or a positive byte count
// PERCENT: for the --budget option: '{{.*}}%' is not a budget: a percentage must be a positive number (e.g. 50%)
// HUGE: remark: echo-budget-plan: budget 9223372036854775807 bytes (1e300% of Baseline's
// EMPTY: budget-plan-invalid.mlir:0:0: error: echo-budget-plan: needs budget= (BYTES, NN% or min)
// WORKSPACE: error: echo-budget-plan: workspace-budget must be 0 when the pass runs alone; echo-training-pipeline plans the candidates with its workspaces
// LOSSY: for the --allow-lossy option: Cannot find option named 'fp4'!

func.func @train_step(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<3x8xf32>) {
  %0 = echo.linear %arg0, %arg2 : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %1 = echo.stash %0 : tensor<4x3xf32>
  %2 = echo.cross_entropy %0, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  %3 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %4 = echo.cross_entropy_grad %1, %arg1, %3 : (tensor<4x3xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  %5 = echo.linear_grad_weight %4, %arg0 : (tensor<4x3xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  return %2, %5 : tensor<f32>, tensor<3x8xf32>
}
