// echo-annotate-memory on a training step written out in full (echo-autodiff's
// output for tanh -> linear -> linear -> cross_entropy, as in
// Remat/fig14-dead-recompute.mlir).
//
// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-annotate-memory))' | FileCheck %s

// Step statistics: weights 16x16 + 3x16 f32 = 1216 bytes; inputs 4x16 f32 +
// 4 i32 = 272; results (loss f32 + both weight gradients) = 1220; stashed by
// producer kind: tanh 4x16 f32 = 256, the two linears 256 + 48 = 304.
// CHECK-LABEL: func.func @train_step
// CHECK-SAME:    echo.step_stats = {
// CHECK-SAME:      ops = 13 : i64
// CHECK-SAME:      persistent = {inputs = 272 : i64, weight_gradients = 1220 : i64, weights = 1216 : i64}
// CHECK-SAME:      result_update_of = array<i64: -1, -1, -1>
// CHECK-SAME:      stashed_by_op_kind = {echo.linear = 304 : i64, echo.tanh = 256 : i64}
// Forward values kept for the backward pass are "stashed"; the stash ops
// themselves, and forward values nobody stashes, are "immediate"; everything
// from the loss seed on is "gradient_maps".
// CHECK:         echo.tanh %arg0 {echo.category = [#echo.category<stashed>]}
// CHECK-NEXT:    echo.stash %{{.*}} {echo.category = [#echo.category<immediate>]}
// CHECK-NEXT:    echo.linear %{{.*}}, %arg2 {echo.category = [#echo.category<stashed>]}
// CHECK-NEXT:    echo.stash %{{.*}} {echo.category = [#echo.category<immediate>]}
// CHECK-NEXT:    echo.linear %{{.*}}, %arg3 {echo.category = [#echo.category<stashed>]}
// CHECK-NEXT:    echo.stash %{{.*}} {echo.category = [#echo.category<immediate>]}
// CHECK-NEXT:    echo.cross_entropy %{{.*}} {echo.category = [#echo.category<immediate>]}
// CHECK-NEXT:    echo.fill 1.000000e+00 {echo.category = [#echo.category<gradient_maps>], echo.loss_seed}
// CHECK-NEXT:    echo.cross_entropy_grad %{{.*}} {echo.category = [#echo.category<gradient_maps>]}
// CHECK-NEXT:    echo.linear_grad_weight %{{.*}} {echo.category = [#echo.category<gradient_maps>]}
// CHECK-NEXT:    echo.linear_grad_input %{{.*}} {echo.category = [#echo.category<gradient_maps>]}
// CHECK-NEXT:    echo.linear_grad_weight %{{.*}} {echo.category = [#echo.category<gradient_maps>]}
// CHECK-NEXT:    return

func.func @train_step(%arg0: tensor<4x16xf32>, %arg1: tensor<4xi32>, %arg2: tensor<16x16xf32> {echo.trainable}, %arg3: tensor<3x16xf32> {echo.trainable}) -> (tensor<f32>, tensor<16x16xf32>, tensor<3x16xf32>) {
  %0 = echo.tanh %arg0 : tensor<4x16xf32>
  %1 = echo.stash %0 : tensor<4x16xf32>
  %2 = echo.linear %0, %arg2 : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %3 = echo.stash %2 : tensor<4x16xf32>
  %4 = echo.linear %2, %arg3 : (tensor<4x16xf32>, tensor<3x16xf32>) -> tensor<4x3xf32>
  %5 = echo.stash %4 : tensor<4x3xf32>
  %6 = echo.cross_entropy %4, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  %7 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %8 = echo.cross_entropy_grad %5, %arg1, %7 : (tensor<4x3xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  %9 = echo.linear_grad_weight %8, %3 : (tensor<4x3xf32>, tensor<4x16xf32>) -> tensor<3x16xf32>
  %10 = echo.linear_grad_input %8, %arg3 : (tensor<4x3xf32>, tensor<3x16xf32>) -> tensor<4x16xf32>
  %11 = echo.linear_grad_weight %10, %1 : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<16x16xf32>
  return %6, %11, %9 : tensor<f32>, tensor<16x16xf32>, tensor<3x16xf32>
}
