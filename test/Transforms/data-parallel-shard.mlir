// echo-data-parallel shard=: each optimizer update runs on the rank's part
// of its tensors (ZeRO stages 1-3). The input is echo-autodiff's step of a
// two-layer MLP with momentum: w1 6x8 (48 elements: parts of 12 over 4
// ranks), w2 3x6 (18: parts of 5, the last padded).
// RUN: echo-opt %s '--echo-data-parallel=ranks=4 shard=optimizer' | FileCheck %s --check-prefix=ONE
// RUN: echo-opt %s '--echo-data-parallel=ranks=4 shard=gradients' | FileCheck %s --check-prefix=TWO
// RUN: echo-opt %s '--echo-data-parallel=ranks=4 shard=parameters' | FileCheck %s --check-prefix=THREE

// Stage 1: the averaged gradient and the parameter are cut into parts, the
// velocity arguments and results are parts, the new parameter is gathered.
// ONE-LABEL: func.func @train_step(
// ONE-SAME:    %[[W1:arg2]]: tensor<6x8xf32> {echo.trainable}, %[[W2:arg3]]: tensor<3x6xf32> {echo.trainable}
// ONE-SAME:    %[[V1:arg4]]: tensor<12xf32> {echo.optimizer_state}, %[[V2:arg5]]: tensor<5xf32> {echo.optimizer_state})
// ONE-SAME:    -> (tensor<f32>, tensor<6x8xf32> {echo.update_of = 2 : i64}, tensor<3x6xf32> {echo.update_of = 3 : i64}, tensor<12xf32> {echo.update_of = 4 : i64}, tensor<5xf32> {echo.update_of = 5 : i64})
// Both gradients are averaged whole in one bucket, after the second's
// definition, before the updates.
// ONE:         %[[DW2:.*]] = echo.linear_grad_weight
// ONE-NEXT:    echo.linear_grad_input %{{.*}}, %[[W2]]
// ONE-NEXT:    %[[DW1:.*]] = echo.linear_grad_weight
// ONE:         %[[MEAN:.*]] = echo.all_reduce mean %{{.*}} ranks 4 : tensor<66xf32>
// ONE-NEXT:    %[[PARTS:.*]]:2 = echo.split %[[MEAN]]
// ONE-NEXT:    %[[DW2_M:.*]] = echo.reshape %[[PARTS]]#0 : tensor<18xf32> -> tensor<3x6xf32>
// ONE-NEXT:    echo.reshape %[[PARTS]]#1 : tensor<48xf32> -> tensor<6x8xf32>
// ONE-NEXT:    %[[G:.*]] = echo.shard %[[DW2_M]] ranks 4 : tensor<3x6xf32> -> tensor<5xf32>
// ONE-NEXT:    %[[P:.*]] = echo.shard %[[W2]] ranks 4 : tensor<3x6xf32> -> tensor<5xf32>
// ONE-NEXT:    %[[NP:.*]], %[[NV:.*]] = echo.sgd_update %[[P]], %[[G]], %[[V2]] {{.*}} : (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>)
// ONE-NEXT:    %[[NW2:.*]] = echo.all_gather %[[NP]] ranks 4 : tensor<5xf32> -> tensor<3x6xf32>
// ONE:         return %{{.*}}, %{{.*}}, %[[NW2]], %{{.*}}, %[[NV]]

// Stage 2: the gradient is reduce-scattered, never averaged whole.
// TWO-LABEL: func.func @train_step(
// TWO:         %[[DW2:.*]] = echo.linear_grad_weight
// TWO-NEXT:    %[[G:.*]] = echo.reduce_scatter mean %[[DW2]] ranks 4 : tensor<3x6xf32> -> tensor<5xf32>
// TWO-NEXT:    %[[P:.*]] = echo.shard %arg3 ranks 4
// TWO-NEXT:    echo.sgd_update %[[P]], %[[G]], %arg5
// TWO-NEXT:    echo.all_gather
// TWO-NOT:     echo.all_reduce mean %{{.*}} : tensor<3x6xf32>

// Stage 3: the parameters are parts in and out, gathered whole before the
// first forward use and again before the first backward use (w2's, after
// its own update, which reads the part).
// THREE-LABEL: func.func @train_step(
// THREE-SAME:    %[[W1:arg2]]: tensor<12xf32> {echo.trainable}, %[[W2:arg3]]: tensor<5xf32> {echo.trainable}
// THREE-SAME:    -> (tensor<f32>, tensor<12xf32> {echo.update_of = 2 : i64}, tensor<5xf32> {echo.update_of = 3 : i64}, tensor<12xf32> {echo.update_of = 4 : i64}, tensor<5xf32> {echo.update_of = 5 : i64})
// THREE-NEXT:    %[[F1:.*]] = echo.all_gather %[[W1]] ranks 4 : tensor<12xf32> -> tensor<6x8xf32>
// THREE-NEXT:    echo.linear %arg0, %[[F1]]
// THREE-NEXT:    echo.stash
// THREE-NEXT:    %[[F2:.*]] = echo.all_gather %[[W2]] ranks 4 : tensor<5xf32> -> tensor<3x6xf32>
// THREE-NEXT:    echo.linear %{{.*}}, %[[F2]]
// THREE:         %[[G:.*]] = echo.reduce_scatter mean
// THREE-NEXT:    %[[NP:.*]], %[[NV:.*]] = echo.sgd_update %[[W2]], %[[G]], %arg5
// THREE-NEXT:    %[[B2:.*]] = echo.all_gather %[[W2]] ranks 4 : tensor<5xf32> -> tensor<3x6xf32>
// THREE-NEXT:    echo.linear_grad_input %{{.*}}, %[[B2]]
// THREE:         return %{{.*}}, %{{.*}}, %[[NP]], %{{.*}}, %[[NV]] : tensor<f32>, tensor<12xf32>, tensor<5xf32>, tensor<12xf32>, tensor<5xf32>
func.func @train_step(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<6x8xf32> {echo.trainable}, %arg3: tensor<3x6xf32> {echo.trainable}, %arg4: tensor<6x8xf32> {echo.optimizer_state}, %arg5: tensor<3x6xf32> {echo.optimizer_state}) -> (tensor<f32>, tensor<6x8xf32> {echo.update_of = 2 : i64}, tensor<3x6xf32> {echo.update_of = 3 : i64}, tensor<6x8xf32> {echo.update_of = 4 : i64}, tensor<3x6xf32> {echo.update_of = 5 : i64}) {
  %0 = echo.linear %arg0, %arg2 : (tensor<4x8xf32>, tensor<6x8xf32>) -> tensor<4x6xf32>
  %1 = echo.stash %0 : tensor<4x6xf32>
  %2 = echo.linear %0, %arg3 : (tensor<4x6xf32>, tensor<3x6xf32>) -> tensor<4x3xf32>
  %3 = echo.stash %2 : tensor<4x3xf32>
  %4 = echo.cross_entropy %2, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  %5 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %6 = echo.cross_entropy_grad %3, %arg1, %5 : (tensor<4x3xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  %7 = echo.linear_grad_weight %6, %1 : (tensor<4x3xf32>, tensor<4x6xf32>) -> tensor<3x6xf32>
  %new_param, %new_velocity = echo.sgd_update %arg3, %7, %arg5 {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<3x6xf32>, tensor<3x6xf32>, tensor<3x6xf32>) -> (tensor<3x6xf32>, tensor<3x6xf32>)
  %8 = echo.linear_grad_input %6, %arg3 : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %9 = echo.linear_grad_weight %8, %arg0 : (tensor<4x6xf32>, tensor<4x8xf32>) -> tensor<6x8xf32>
  %new_param_0, %new_velocity_1 = echo.sgd_update %arg2, %9, %arg4 {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>) -> (tensor<6x8xf32>, tensor<6x8xf32>)
  return %4, %new_param_0, %new_param, %new_velocity_1, %new_velocity : tensor<f32>, tensor<6x8xf32>, tensor<3x6xf32>, tensor<6x8xf32>, tensor<3x6xf32>
}
