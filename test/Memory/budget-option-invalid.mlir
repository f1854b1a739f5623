// The training pipeline's `budget` is a typed option: a malformed value is
// rejected while the option is parsed, naming the option, before any pass
// runs (non-zero exit); a well-formed one reaches echo-budget-plan as given.
//
// RUN: not echo-opt %s '--echo-training-pipeline=budget=abc' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORD
// RUN: not echo-opt %s '--echo-training-pipeline=budget=0' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not echo-opt %s '--echo-training-pipeline=budget=5XiB' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUFFIX
// RUN: not echo-opt %s '--echo-training-pipeline=budget=99999999999GiB' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUFFIX
// RUN: not echo-opt %s '--echo-training-pipeline=budget=-5%%' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PERCENT
// RUN: not echo-opt %s '--echo-training-pipeline=budget=nan%%' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PERCENT
// RUN: echo-opt %s '--echo-training-pipeline=budget=1MiB' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: echo-opt %s '--echo-training-pipeline=budget=min' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIN
// RUN: echo-opt %s '--echo-training-pipeline' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not echo-opt %s '--echo-training-pipeline=budget=min budget-mix-steps=-1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIXES
// RUN: not echo-opt %s '--echo-training-pipeline=budget=min budget-mix-steps=x' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIXES-WORD

// WORD: for the --budget option: 'abc' is not a budget: give 'min', 'NN%' or a positive byte count (with an optional KiB, MiB or GiB suffix)
// WORD-NOT: echo-budget-plan
// ZERO: for the --budget option: '0' is not a budget
// SUFFIX: for the --budget option: '{{.*}}' is not a budget: give 'min', 'NN%' or a positive byte count
// PERCENT: for the --budget option: '{{.*}}%' is not a budget: a percentage must be a positive number (e.g. 50%)
// GIVEN: echo-budget-plan{{.*}} budget=1MiB
// MIN: echo-budget-plan{{.*}} budget=min
// NONE-NOT: echo-budget-plan
// MIXES: error: echo-budget-plan: mix-steps must be 0 or more, got -1
// MIXES-WORD: for the --budget-mix-steps option: 'x' value invalid

func.func @train_step(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<3x8xf32>) {
  %0 = echo.linear %arg0, %arg2 : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %1 = echo.stash %0 : tensor<4x3xf32>
  %2 = echo.cross_entropy %0, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  %3 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %4 = echo.cross_entropy_grad %1, %arg1, %3 : (tensor<4x3xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  %5 = echo.linear_grad_weight %4, %arg0 : (tensor<4x3xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  return %2, %5 : tensor<f32>, tensor<3x8xf32>
}
