// echo-autodiff's loss-scale=dynamic (PyTorch's GradScaler in the step):
// the state argument [scale, good steps] after the parameters (with
// echo.optimizer_state) and its new value as the last result; the
// backward pass seeded with the scale; every gradient times 1/scale, its
// non-finite elements counted; every new parameter and optimizer state
// (Adam's step count included) selected against the old one by that
// count; the updates at the end of the step, even with eager-updates.
// (Bad options: autodiff-loss-scale-invalid.mlir.)
// RUN: echo-opt %s '--echo-autodiff=optimizer=adam lr=0.001 loss-scale=dynamic' | FileCheck %s --check-prefix=ADAM
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.5 loss-scale=dynamic loss-scale-init=1024 loss-scale-growth-interval=10 loss-scale-growth=4 loss-scale-backoff=0.25' | FileCheck %s --check-prefix=SGD
// The training pipeline's options build the same step (its autodiff run):
// RUN: echo-opt %s '--echo-training-pipeline=optimizer=adam lr=0.001 loss-scale=dynamic' --mlir-print-ir-after=echo-autodiff -o /dev/null 2>&1 | FileCheck %s --check-prefix=ADAM
// Without loss-scale the step is as before: seed 1.0, no selects.
// RUN: echo-opt %s '--echo-autodiff=optimizer=adam lr=0.001' | FileCheck %s --check-prefix=PLAIN

func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable}, %labels: tensor<4xi32>,
             %b: tensor<16xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w, %b : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// ADAM-LABEL: func.func @train_step(
// ADAM-SAME:    %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>, %[[B:arg[0-9]+]]: tensor<16xf32> {echo.trainable},
// ADAM-SAME:    %[[STATE:arg[0-9]+]]: tensor<2xf32> {echo.optimizer_state},
// ADAM-SAME:    %[[MW:arg[0-9]+]]: tensor<16x8xf32> {echo.optimizer_state}, %[[MB:arg[0-9]+]]: tensor<16xf32> {echo.optimizer_state}, %[[VW:arg[0-9]+]]: tensor<16x8xf32> {echo.optimizer_state}, %[[VB:arg[0-9]+]]: tensor<16xf32> {echo.optimizer_state}, %[[T:arg[0-9]+]]: tensor<f32> {echo.optimizer_state})
// ADAM-SAME:    -> (tensor<f32>, tensor<16x8xf32> {echo.update_of = 1 : i64}, tensor<16xf32> {echo.update_of = 3 : i64}, tensor<16x8xf32> {echo.update_of = 5 : i64}, tensor<16xf32> {echo.update_of = 6 : i64}, tensor<16x8xf32> {echo.update_of = 7 : i64}, tensor<16xf32> {echo.update_of = 8 : i64}, tensor<f32> {echo.update_of = 9 : i64}, tensor<2xf32> {echo.update_of = 4 : i64})
// ADAM:         %[[LOSS:.*]] = echo.cross_entropy
// The seed is the scale, state[0]; it marks the backward pass's start.
// ADAM-NEXT:    %[[S1:.*]] = echo.slice %[[STATE]] offsets [0] {echo.loss_seed} : tensor<2xf32> -> tensor<1xf32>
// ADAM-NEXT:    %[[SCALE:.*]] = echo.reshape %[[S1]] : tensor<1xf32> -> tensor<f32>
// ADAM-NEXT:    %[[DY:.*]] = echo.cross_entropy_grad %{{.*}}, %[[LABELS]], %[[SCALE]]
// ADAM-NEXT:    %[[DW:.*]] = echo.linear_grad_weight %[[DY]]
// ADAM-NEXT:    %[[DB:.*]] = echo.sum_to %[[DY]]
// Unscaled gradients and their non-finite elements:
// ADAM-NEXT:    %[[ONE:.*]] = echo.fill 1.000000e+00 : tensor<f32>
// ADAM-NEXT:    %[[INV:.*]] = echo.div %[[ONE]], %[[SCALE]] : (tensor<f32>, tensor<f32>) -> tensor<f32>
// ADAM-NEXT:    %[[GW:.*]] = echo.mul %[[DW]], %[[INV]] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16x8xf32>
// ADAM-NEXT:    %[[NW:.*]] = echo.nonfinite_count %[[GW]] : tensor<16x8xf32> -> tensor<f32>
// ADAM-NEXT:    %[[GB:.*]] = echo.mul %[[DB]], %[[INV]] : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
// ADAM-NEXT:    %[[NB:.*]] = echo.nonfinite_count %[[GB]] : tensor<16xf32> -> tensor<f32>
// ADAM-NEXT:    %[[N:.*]] = echo.add %[[NW]], %[[NB]] : (tensor<f32>, tensor<f32>) -> tensor<f32>
// Adam's step count, the updates of the unscaled gradients, and the selects
// (old values when N != 0):
// ADAM-NEXT:    echo.fill 1.000000e+00 : tensor<f32>
// ADAM-NEXT:    %[[T1:.*]] = echo.add %[[T]]
// ADAM-NEXT:    %[[PW:.*]], %[[MW1:.*]], %[[VW1:.*]] = echo.adam_update %[[W]], %[[GW]], %[[MW]], %[[VW]], %[[T1]]
// ADAM-NEXT:    %[[RW:.*]] = echo.select %[[N]], %[[W]], %[[PW]] : tensor<16x8xf32>
// ADAM-NEXT:    %[[RMW:.*]] = echo.select %[[N]], %[[MW]], %[[MW1]] : tensor<16x8xf32>
// ADAM-NEXT:    %[[RVW:.*]] = echo.select %[[N]], %[[VW]], %[[VW1]] : tensor<16x8xf32>
// ADAM-NEXT:    %[[PB:.*]], %[[MB1:.*]], %[[VB1:.*]] = echo.adam_update %[[B]], %[[GB]], %[[MB]], %[[VB]], %[[T1]]
// ADAM-NEXT:    %[[RB:.*]] = echo.select %[[N]], %[[B]], %[[PB]] : tensor<16xf32>
// ADAM-NEXT:    %[[RMB:.*]] = echo.select %[[N]], %[[MB]], %[[MB1]] : tensor<16xf32>
// ADAM-NEXT:    %[[RVB:.*]] = echo.select %[[N]], %[[VB]], %[[VB1]] : tensor<16xf32>
// ADAM-NEXT:    %[[RT:.*]] = echo.select %[[N]], %[[T]], %[[T1]] : tensor<f32>
// ADAM-NEXT:    %[[NEWSTATE:.*]] = echo.loss_scale_update %[[STATE]], %[[N]] {backoff = 5.000000e-01 : f64, growth = 2.000000e+00 : f64, growth_interval = 2000 : i64, init = 6.553600e+04 : f64} : tensor<2xf32>
// The loss returned is the forward (unscaled) loss.
// ADAM-NEXT:    return %[[LOSS]], %[[RW]], %[[RB]], %[[RMW]], %[[RMB]], %[[RVW]], %[[RVB]], %[[RT]], %[[NEWSTATE]]

// With SGD the state is the only optimizer-state argument; the options land on
// echo.loss_scale_update.
// SGD-LABEL: func.func @train_step(
// SGD-SAME:    %[[STATE:arg[0-9]+]]: tensor<2xf32> {echo.optimizer_state})
// SGD-SAME:    -> (tensor<f32>, tensor<16x8xf32> {echo.update_of = 1 : i64}, tensor<16xf32> {echo.update_of = 3 : i64}, tensor<2xf32> {echo.update_of = 4 : i64})
// SGD:         %[[N:.*]] = echo.add %{{.*}}, %{{.*}} : (tensor<f32>, tensor<f32>) -> tensor<f32>
// SGD-NEXT:    %[[PW:.*]] = echo.sgd_update
// SGD-NEXT:    %[[RW:.*]] = echo.select %[[N]], %arg1, %[[PW]] : tensor<16x8xf32>
// SGD-NEXT:    %[[PB:.*]] = echo.sgd_update
// SGD-NEXT:    %[[RB:.*]] = echo.select %[[N]], %arg3, %[[PB]] : tensor<16xf32>
// SGD-NEXT:    %[[NEWSTATE:.*]] = echo.loss_scale_update %[[STATE]], %[[N]] {backoff = 2.500000e-01 : f64, growth = 4.000000e+00 : f64, growth_interval = 10 : i64, init = 1.024000e+03 : f64} : tensor<2xf32>
// SGD-NEXT:    return %{{.*}}, %[[RW]], %[[RB]], %[[NEWSTATE]]

// PLAIN-LABEL: func.func @train_step(
// PLAIN:         echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// PLAIN-NOT:     echo.select
// PLAIN-NOT:     echo.loss_scale_update
// PLAIN:         return
