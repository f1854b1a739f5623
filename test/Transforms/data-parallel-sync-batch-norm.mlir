// echo-data-parallel's batch statistics over the ranks (sync-batch-norm, the
// default) on a training step as echo-autodiff writes it: the ranks'
// per-channel means and variances are averaged ([C] tensors only), the
// output and running statistics use them, the backward op reads them, and
// the input gradient gets the other ranks' part of sum(dy) and
// sum(dy * xhat) from the averaged beta and gamma gradients.
// RUN: echo-opt %s --echo-data-parallel=ranks=2 | FileCheck %s
// Idempotent: a second run adds nothing.
// RUN: echo-opt %s --echo-data-parallel=ranks=2 > %t.once
// RUN: echo-opt %t.once --echo-data-parallel=ranks=2 | diff %t.once -
// Off, or one rank: the norm keeps its own statistics.
// RUN: echo-opt %s '--echo-data-parallel=ranks=2 sync-batch-norm=false' | FileCheck %s --check-prefix=OFF
// RUN: echo-opt %s --echo-data-parallel=ranks=1 | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @train_step(
// CHECK:         %[[Y:.*]], %{{.*}}, %{{.*}}, %[[SM:.*]], %[[SI:.*]] = echo.batch_norm
// CHECK-NEXT:    %[[MEAN:.*]] = echo.all_reduce mean %[[SM]] ranks 2 : tensor<3xf32>
// CHECK:         echo.mul %[[SI]], %[[SI]]
// CHECK:         %[[SPREAD:.*]] = echo.sub %[[SM]], %[[MEAN]]
// CHECK:         %[[VAR:.*]] = echo.all_reduce mean %{{.*}} ranks 2 : tensor<3xf32>
// CHECK:         %[[INV:.*]] = echo.rsqrt
// CHECK:         %[[MEAN_B:.*]] = echo.reshape %[[MEAN]] : tensor<3xf32> -> tensor<3x1x1xf32>
// CHECK-NEXT:    %[[CENTERED:.*]] = echo.sub %0, %[[MEAN_B]] : (tensor<2x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT:    %[[SCALED:.*]] = echo.mul %[[CENTERED]]
// CHECK-NEXT:    %[[OUT:.*]] = echo.add %[[SCALED]]
// The running variance is unbiased over both ranks' 64 samples per channel.
// CHECK:         echo.fill 0.10158730158730159 : tensor<3xf32>
// CHECK-NEXT:    echo.mul %{{.*}}, %[[VAR]]
// CHECK:         %[[SI_S:.*]] = echo.stash %[[INV]] : tensor<3xf32>
// CHECK-NEXT:    %[[SM_S:.*]] = echo.stash %[[MEAN]] : tensor<3xf32>
// CHECK-NEXT:    echo.tanh %[[OUT]]
// CHECK:         %[[DX:.*]], %[[DG:.*]], %[[DB:.*]] = echo.batch_norm_grad %{{.*}}, %arg1, %[[SM_S]], %[[SI_S]],
// The beta and gamma gradients share one all-reduce (a bucket), which the
// correction reads; the weight's gradient, computed from the correction,
// is in the next bucket.
// CHECK-NEXT:    %[[CAT:.*]] = echo.concat %[[DB]], %[[DG]] axis 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
// CHECK-NEXT:    %[[CAT_M:.*]] = echo.all_reduce mean %[[CAT]] ranks 2 : tensor<6xf32>
// CHECK-NEXT:    %[[M:.*]]:2 = echo.split %[[CAT_M]] axis 0
// CHECK:         echo.sub %[[DG]], %[[M]]#1
// CHECK:         echo.sub %[[DB]], %[[M]]#0
// CHECK:         %[[FIXED:.*]] = echo.add %[[DX]], %{{.*}} : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT:    echo.sgd_update %arg1, %[[M]]#1
// CHECK-NEXT:    echo.sgd_update %arg2, %[[M]]#0
// CHECK-NEXT:    %[[DW:.*]] = echo.mul %[[FIXED]], %arg0
// CHECK-NEXT:    echo.all_reduce mean %[[DW]] ranks 2 : tensor<2x3x4x4xf32>
// CHECK-NOT:     echo.batch_norm

// OFF-LABEL: func.func @train_step(
// OFF:         %{{.*}}, %{{.*}}, %{{.*}}, %[[SM:.*]], %{{.*}} = echo.batch_norm
// OFF-NOT:     echo.all_reduce mean %[[SM]]
// OFF-NOT:     echo.rsqrt
func.func @train_step(%arg0: tensor<2x3x4x4xf32>, %arg1: tensor<3xf32> {echo.trainable}, %arg2: tensor<3xf32> {echo.trainable}, %arg3: tensor<3xf32>, %arg4: tensor<3xf32>, %arg5: tensor<2x3x4x4xf32> {echo.trainable}) -> (tensor<f32>, tensor<3xf32> {echo.update_of = 1 : i64}, tensor<3xf32> {echo.update_of = 2 : i64}, tensor<2x3x4x4xf32> {echo.update_of = 5 : i64}, tensor<3xf32> {echo.update_of = 3 : i64}, tensor<3xf32> {echo.update_of = 4 : i64}) {
  %0 = echo.mul %arg0, %arg5 : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %1 = echo.stash %0 : tensor<2x3x4x4xf32>
  %output, %new_running_mean, %new_running_var, %saved_mean, %saved_inv_std = echo.batch_norm %0, %arg1, %arg2, %arg3, %arg4 : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %2 = echo.stash %saved_inv_std : tensor<3xf32>
  %3 = echo.stash %saved_mean : tensor<3xf32>
  %4 = echo.tanh %output : tensor<2x3x4x4xf32>
  %5 = echo.stash %4 : tensor<2x3x4x4xf32>
  %6 = echo.reduce mean %4 dims [0, 1, 2, 3] : tensor<2x3x4x4xf32> -> tensor<f32>
  %7 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %8 = echo.reduce_grad mean %7 dims [0, 1, 2, 3] : tensor<f32> -> tensor<2x3x4x4xf32>
  %9 = echo.tanh_grad %5, %8 : tensor<2x3x4x4xf32>
  %input_grad, %gamma_grad, %beta_grad = echo.batch_norm_grad %1, %arg1, %3, %2, %9 : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4x4xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %new_param = echo.sgd_update %arg1, %gamma_grad {lr = 1.000000e-02 : f64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %new_param_0 = echo.sgd_update %arg2, %beta_grad {lr = 1.000000e-02 : f64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %10 = echo.mul %input_grad, %arg0 : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %new_param_1 = echo.sgd_update %arg5, %10 {lr = 1.000000e-02 : f64} : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %6, %new_param, %new_param_0, %new_param_1, %new_running_mean, %new_running_var : tensor<f32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>
}