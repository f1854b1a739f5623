// echo-data-parallel on training steps as echo-autodiff writes them: every
// weight gradient and the loss are averaged over the ranks right after their
// definitions (the gradients in one bucket, after the last one's:
// data-parallel-bucket.mlir); forward functions are left alone.
// RUN: echo-opt %s -split-input-file --echo-data-parallel=ranks=4 | FileCheck %s
// Idempotent: a second run adds nothing.
// RUN: echo-opt %s -split-input-file --echo-data-parallel=ranks=4 > %t.once
// RUN: echo-opt %t.once -split-input-file --echo-data-parallel=ranks=4 > %t.twice
// RUN: diff %t.once %t.twice
// RUN: not echo-opt %s -split-input-file --echo-data-parallel=ranks=0 2>&1 | FileCheck %s --check-prefix=ZERO

// SGD: the gradients of both parameters (one bucket: the eager update of
// the first moves after its collective) and the loss.
// CHECK-LABEL: func.func @sgd_step(
// CHECK:         %[[LOSS:.*]] = echo.cross_entropy
// CHECK-NEXT:    %[[LOSS_M:.*]] = echo.all_reduce mean %[[LOSS]] ranks 4 : tensor<f32>
// CHECK:         %[[DW:.*]] = echo.linear_grad_weight
// CHECK-NEXT:    %[[DB:.*]] = echo.sum_to
// CHECK-NEXT:    %[[FLAT:.*]] = echo.reshape %[[DW]] : tensor<16x8xf32> -> tensor<128xf32>
// CHECK-NEXT:    %[[CAT:.*]] = echo.concat %[[FLAT]], %[[DB]] axis 0 : (tensor<128xf32>, tensor<16xf32>) -> tensor<144xf32>
// CHECK-NEXT:    %[[MEAN:.*]] = echo.all_reduce mean %[[CAT]] ranks 4 : tensor<144xf32>
// CHECK-NEXT:    %[[P:.*]]:2 = echo.split %[[MEAN]] axis 0 : tensor<144xf32> -> tensor<128xf32>, tensor<16xf32>
// CHECK-NEXT:    %[[DW_M:.*]] = echo.reshape %[[P]]#0 : tensor<128xf32> -> tensor<16x8xf32>
// CHECK-NEXT:    echo.sgd_update %arg1, %[[DW_M]]
// CHECK-NEXT:    echo.sgd_update %arg3, %[[P]]#1
// CHECK-NEXT:    return %[[LOSS_M]],
// CHECK-NOT:     echo.all_reduce
func.func @sgd_step(%arg0: tensor<4x8xf32>, %arg1: tensor<16x8xf32> {echo.trainable}, %arg2: tensor<4xi32>, %arg3: tensor<16xf32> {echo.trainable}) -> (tensor<f32>, tensor<16x8xf32> {echo.update_of = 1 : i64}, tensor<16xf32> {echo.update_of = 3 : i64}) {
  %0 = echo.linear %arg0, %arg1, %arg3 : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %1 = echo.stash %0 : tensor<4x16xf32>
  %2 = echo.cross_entropy %0, %arg2 : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
  %3 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %4 = echo.cross_entropy_grad %1, %arg2, %3 : (tensor<4x16xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x16xf32>
  %5 = echo.linear_grad_weight %4, %arg0 : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
  %new_param = echo.sgd_update %arg1, %5 {lr = 5.000000e-01 : f64} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  %6 = echo.sum_to %4 : tensor<4x16xf32> -> tensor<16xf32>
  %new_param_0 = echo.sgd_update %arg3, %6 {lr = 5.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %2, %new_param, %new_param_0 : tensor<f32>, tensor<16x8xf32>, tensor<16xf32>
}

// -----

// No optimizer: the returned gradients (results 1 and 2) and the loss.
// CHECK-LABEL: func.func @grads_step(
// CHECK:         %[[LOSS:.*]] = echo.cross_entropy
// CHECK-NEXT:    %[[LOSS_M:.*]] = echo.all_reduce mean %[[LOSS]] ranks 4
// CHECK:         %[[DW:.*]] = echo.linear_grad_weight
// CHECK-NEXT:    %[[DB:.*]] = echo.sum_to
// CHECK-NEXT:    echo.reshape %[[DW]]
// CHECK-NEXT:    echo.concat
// CHECK-NEXT:    echo.all_reduce mean %{{.*}} ranks 4 : tensor<144xf32>
// CHECK-NEXT:    %[[P:.*]]:2 = echo.split
// CHECK-NEXT:    %[[DW_M:.*]] = echo.reshape %[[P]]#0
// CHECK-NEXT:    return %[[LOSS_M]], %[[DW_M]], %[[P]]#1
func.func @grads_step(%arg0: tensor<4x8xf32>, %arg1: tensor<16x8xf32> {echo.trainable}, %arg2: tensor<4xi32>, %arg3: tensor<16xf32> {echo.trainable}) -> (tensor<f32>, tensor<16x8xf32>, tensor<16xf32>) {
  %0 = echo.linear %arg0, %arg1, %arg3 : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %1 = echo.stash %0 : tensor<4x16xf32>
  %2 = echo.cross_entropy %0, %arg2 : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
  %3 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %4 = echo.cross_entropy_grad %1, %arg2, %3 : (tensor<4x16xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x16xf32>
  %5 = echo.linear_grad_weight %4, %arg0 : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
  %6 = echo.sum_to %4 : tensor<4x16xf32> -> tensor<16xf32>
  return %2, %5, %6 : tensor<f32>, tensor<16x8xf32>, tensor<16xf32>
}

// -----

// Dynamic loss scaling: the unscaled gradient is averaged before its
// non-finite elements are counted, so every rank skips the same steps.
// CHECK-LABEL: func.func @scaled_step(
// CHECK:         %[[G:.*]] = echo.mul %{{.*}}, %{{.*}} : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
// CHECK-NEXT:    %[[G_M:.*]] = echo.all_reduce mean %[[G]] ranks 4
// CHECK-NEXT:    %[[N:.*]] = echo.nonfinite_count %[[G_M]]
// CHECK:         echo.adam_update %{{.*}}, %[[G_M]],
func.func @scaled_step(%arg0: tensor<4x16xf32> {echo.trainable}, %arg1: tensor<16xf32> {echo.trainable}, %arg2: tensor<2xf32> {echo.optimizer_state}, %arg3: tensor<16xf32> {echo.optimizer_state}, %arg4: tensor<16xf32> {echo.optimizer_state}, %arg5: tensor<f32> {echo.optimizer_state}) -> (tensor<f32>, tensor<16xf32> {echo.update_of = 1 : i64}, tensor<16xf32> {echo.update_of = 3 : i64}, tensor<16xf32> {echo.update_of = 4 : i64}, tensor<f32> {echo.update_of = 5 : i64}, tensor<2xf32> {echo.update_of = 2 : i64}) {
  %l = echo.reduce mean %arg0 dims [0, 1] : tensor<4x16xf32> -> tensor<f32>
  %3 = echo.slice %arg2 offsets [0] {echo.loss_seed} : tensor<2xf32> -> tensor<1xf32>
  %4 = echo.reshape %3 : tensor<1xf32> -> tensor<f32>
  %7 = echo.broadcast_to %4 : tensor<f32> -> tensor<16xf32>
  %8 = echo.fill 1.000000e+00 : tensor<f32>
  %9 = echo.div %8, %4 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %12 = echo.mul %7, %9 : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  %13 = echo.nonfinite_count %12 : tensor<16xf32> -> tensor<f32>
  %15 = echo.fill 1.000000e+00 : tensor<f32>
  %16 = echo.add %arg5, %15 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %new_param_0, %new_m_1, %new_v_2 = echo.adam_update %arg1, %12, %arg3, %arg4, %16 {lr = 1.000000e-02 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  %20 = echo.select %13, %arg1, %new_param_0 : tensor<16xf32>
  %21 = echo.select %13, %arg3, %new_m_1 : tensor<16xf32>
  %22 = echo.select %13, %arg4, %new_v_2 : tensor<16xf32>
  %23 = echo.select %13, %arg5, %16 : tensor<f32>
  %24 = echo.loss_scale_update %arg2, %13 {backoff = 5.000000e-01 : f64, growth = 2.000000e+00 : f64, growth_interval = 2000 : i64, init = 6.553600e+04 : f64} : tensor<2xf32>
  return %l, %20, %21, %22, %23, %24 : tensor<f32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>, tensor<2xf32>
}

// -----

// A forward function (no echo.loss_seed) is not a step: unchanged.
// CHECK-LABEL: func.func @forward(
// CHECK-NOT:     echo.all_reduce
// CHECK:         return
func.func @forward(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable}) -> tensor<4x16xf32> {
  %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// ZERO: error: echo-data-parallel: ranks must be at least 1, got 0
