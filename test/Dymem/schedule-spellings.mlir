// The op order has one enum (ScheduleOrder) for echo-schedule's `order` and
// the `schedule` of the training pipeline and echo-budget-plan: `input`
// keeps the input order (the pipelines then run no echo-schedule), and
// `none`, the pipelines' spelling before, is its alias for one release,
// accepted by every one of those options and printed as `input`.
//
// RUN: echo-opt %s '--echo-training-pipeline=schedule=none' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSCHEDULE
// RUN: echo-opt %s '--echo-training-pipeline=schedule=input' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSCHEDULE
// RUN: echo-opt %s '--echo-training-pipeline' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSCHEDULE
// RUN: echo-opt %s '--echo-training-pipeline=schedule=dfs' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DFS
// RUN: echo-opt %s '--echo-schedule=order=none' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: echo-opt %s '--echo-schedule=order=input' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: echo-opt %s '--echo-budget-plan=budget=min schedule=none' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: not echo-opt %s '--echo-training-pipeline=schedule=bfs' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// NOSCHEDULE-NOT: echo-schedule
// DFS: echo-schedule{alignment=256 order=dfs remarks=false}
// INPUT: echo-schedule{alignment=256 order=input remarks=false}
// PLAN: echo-budget-plan{{.*}} schedule=input
// BAD: for the --schedule option: Cannot find option named 'bfs'!

func.func @train_step(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<3x8xf32>) {
  %0 = echo.linear %arg0, %arg2 : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %1 = echo.stash %0 : tensor<4x3xf32>
  %2 = echo.cross_entropy %0, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  %3 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %4 = echo.cross_entropy_grad %1, %arg1, %3 : (tensor<4x3xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  %5 = echo.linear_grad_weight %4, %arg0 : (tensor<4x3xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  return %2, %5 : tensor<f32>, tensor<3x8xf32>
}
