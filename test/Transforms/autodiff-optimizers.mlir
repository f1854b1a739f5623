// Optimizer variants of the generated step, and the function= / output=
// options. Parameters are %w (arg 1) and %b (arg 3); the data arguments in
// between keep their positions and optimizer state is appended after them.
// RUN: echo-opt %s --echo-autodiff=function=f | FileCheck %s --check-prefix=NONE
// The updates at the end of the step (eager-updates=false):
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=sgd lr=0.5 weight-decay=0.01 eager-updates=false' | FileCheck %s --check-prefix=SGD
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=momentum momentum=0.8 eager-updates=false' | FileCheck %s --check-prefix=MOM
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=adam lr=0.001 beta1=0.8 beta2=0.99 epsilon=1e-6 eager-updates=false' | FileCheck %s --check-prefix=ADAM
// RUN: echo-opt %s '--echo-autodiff=function=g output=g_step optimizer=adam eager-updates=false' | FileCheck %s --check-prefix=OUT
// Each update right after its gradient is final (the default):
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=sgd lr=0.5 weight-decay=0.01' | FileCheck %s --check-prefix=EAGER-SGD
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=adam' | FileCheck %s --check-prefix=EAGER-ADAM

func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable}, %labels: tensor<4xi32>,
             %b: tensor<16xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w, %b : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @g(%v: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %v : tensor<4xf32>
  %l = echo.reduce mean %t dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// No optimizer: the loss, then one gradient per trainable argument in
// argument order, with no echo.update_of.
// NONE-LABEL: func.func @train_step(
// NONE-SAME:    %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>, %[[B:arg[0-9]+]]: tensor<16xf32> {echo.trainable})
// NONE-SAME:    -> (tensor<f32>, tensor<16x8xf32>, tensor<16xf32>) {
// NONE:         %[[Y:.*]] = echo.linear %[[X]], %[[W]], %[[B]]
// NONE-NEXT:    %[[Y_S:.*]] = echo.stash %[[Y]]
// NONE-NEXT:    %[[LOSS:.*]] = echo.cross_entropy %[[Y]], %[[LABELS]]
// NONE-NEXT:    %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// NONE-NEXT:    %[[DY:.*]] = echo.cross_entropy_grad %[[Y_S]], %[[LABELS]], %[[SEED]]
// NONE-NEXT:    %[[DW:.*]] = echo.linear_grad_weight %[[DY]], %[[X]]
// NONE-NEXT:    %[[DB:.*]] = echo.sum_to %[[DY]] : tensor<4x16xf32> -> tensor<16xf32>
// NONE-NEXT:    return %[[LOSS]], %[[DW]], %[[DB]] : tensor<f32>, tensor<16x8xf32>, tensor<16xf32>
// NONE-NOT:   func.func @g_step

// Plain SGD has no state; the new parameters replace arguments 1 and 3.
// SGD-LABEL: func.func @train_step(
// SGD-SAME:    %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>, %[[B:arg[0-9]+]]: tensor<16xf32> {echo.trainable})
// SGD-SAME:    -> (tensor<f32>, tensor<16x8xf32> {echo.update_of = 1 : i64}, tensor<16xf32> {echo.update_of = 3 : i64}) {
// SGD:         %[[LOSS:.*]] = echo.cross_entropy
// SGD:         %[[DW:.*]] = echo.linear_grad_weight
// SGD-NEXT:    %[[DB:.*]] = echo.sum_to
// SGD-NEXT:    %[[NW:.*]] = echo.sgd_update %[[W]], %[[DW]] {lr = 5.000000e-01 : f64, weight_decay = 1.000000e-02 : f64} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
// SGD-NEXT:    %[[NB:.*]] = echo.sgd_update %[[B]], %[[DB]] {lr = 5.000000e-01 : f64, weight_decay = 1.000000e-02 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// SGD-NEXT:    return %[[LOSS]], %[[NW]], %[[NB]] : tensor<f32>, tensor<16x8xf32>, tensor<16xf32>

// Momentum: one velocity per parameter appended as arguments 4 and 5
// (echo.optimizer_state); results: loss, new params, new velocities.
// MOM-LABEL: func.func @train_step(
// MOM-SAME:    %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>, %[[B:arg[0-9]+]]: tensor<16xf32> {echo.trainable},
// MOM-SAME:    %[[VW:arg[0-9]+]]: tensor<16x8xf32> {echo.optimizer_state}, %[[VB:arg[0-9]+]]: tensor<16xf32> {echo.optimizer_state})
// MOM-SAME:    -> (tensor<f32>, tensor<16x8xf32> {echo.update_of = 1 : i64}, tensor<16xf32> {echo.update_of = 3 : i64}, tensor<16x8xf32> {echo.update_of = 4 : i64}, tensor<16xf32> {echo.update_of = 5 : i64}) {
// MOM:         %[[LOSS:.*]] = echo.cross_entropy
// MOM:         %[[DW:.*]] = echo.linear_grad_weight
// MOM-NEXT:    %[[DB:.*]] = echo.sum_to
// MOM-NEXT:    %[[NW:.*]], %[[NVW:.*]] = echo.sgd_update %[[W]], %[[DW]], %[[VW]] {lr = 1.000000e-02 : f64, momentum = 8.000000e-01 : f64} : (tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>)
// MOM-NEXT:    %[[NB:.*]], %[[NVB:.*]] = echo.sgd_update %[[B]], %[[DB]], %[[VB]] {lr = 1.000000e-02 : f64, momentum = 8.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// MOM-NEXT:    return %[[LOSS]], %[[NW]], %[[NB]], %[[NVW]], %[[NVB]]

// Adam: all m's, then all v's, then the f32 step count are appended
// (arguments 4..8); the step taken is count + 1, which is also returned.
// ADAM-LABEL: func.func @train_step(
// ADAM-SAME:    %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>, %[[B:arg[0-9]+]]: tensor<16xf32> {echo.trainable},
// ADAM-SAME:    %[[MW:arg[0-9]+]]: tensor<16x8xf32> {echo.optimizer_state}, %[[MB:arg[0-9]+]]: tensor<16xf32> {echo.optimizer_state},
// ADAM-SAME:    %[[VW:arg[0-9]+]]: tensor<16x8xf32> {echo.optimizer_state}, %[[VB:arg[0-9]+]]: tensor<16xf32> {echo.optimizer_state},
// ADAM-SAME:    %[[STEP:arg[0-9]+]]: tensor<f32> {echo.optimizer_state})
// ADAM-SAME:    -> (tensor<f32>, tensor<16x8xf32> {echo.update_of = 1 : i64}, tensor<16xf32> {echo.update_of = 3 : i64}, tensor<16x8xf32> {echo.update_of = 4 : i64}, tensor<16xf32> {echo.update_of = 5 : i64}, tensor<16x8xf32> {echo.update_of = 6 : i64}, tensor<16xf32> {echo.update_of = 7 : i64}, tensor<f32> {echo.update_of = 8 : i64}) {
// ADAM:         %[[LOSS:.*]] = echo.cross_entropy
// ADAM:         %[[DW:.*]] = echo.linear_grad_weight
// ADAM-NEXT:    %[[DB:.*]] = echo.sum_to
// ADAM-NEXT:    %[[ONE:.*]] = echo.fill 1.000000e+00 : tensor<f32>
// ADAM-NEXT:    %[[T:.*]] = echo.add %[[STEP]], %[[ONE]] : (tensor<f32>, tensor<f32>) -> tensor<f32>
// ADAM-NEXT:    %[[NW:.*]], %[[NMW:.*]], %[[NVW:.*]] = echo.adam_update %[[W]], %[[DW]], %[[MW]], %[[VW]], %[[T]] {beta1 = 8.000000e-01 : f64, beta2 = 0.98999999999999999 : f64, epsilon = 9.9999999999999995E-7 : f64, lr = 1.000000e-03 : f64}
// ADAM-NEXT:    %[[NB:.*]], %[[NMB:.*]], %[[NVB:.*]] = echo.adam_update %[[B]], %[[DB]], %[[MB]], %[[VB]], %[[T]] {beta1 = 8.000000e-01 : f64, beta2 = 0.98999999999999999 : f64, epsilon = 9.9999999999999995E-7 : f64, lr = 1.000000e-03 : f64}
// ADAM-NEXT:    return %[[LOSS]], %[[NW]], %[[NB]], %[[NMW]], %[[NMB]], %[[NVW]], %[[NVB]], %[[T]]

// function= picks @g although @f also has a trainable argument; output=
// names the step. The defaults of Adam are not printed.
// OUT-NOT:   func.func @train_step
// OUT-LABEL: func.func @g_step(
// OUT-SAME:    %[[V:arg[0-9]+]]: tensor<4xf32> {echo.trainable}, %[[M:arg[0-9]+]]: tensor<4xf32> {echo.optimizer_state}, %[[VV:arg[0-9]+]]: tensor<4xf32> {echo.optimizer_state}, %[[STEP:arg[0-9]+]]: tensor<f32> {echo.optimizer_state})
// OUT-SAME:    -> (tensor<f32>, tensor<4xf32> {echo.update_of = 0 : i64}, tensor<4xf32> {echo.update_of = 1 : i64}, tensor<4xf32> {echo.update_of = 2 : i64}, tensor<f32> {echo.update_of = 3 : i64})
// OUT-NEXT:    %[[T:.*]] = echo.tanh %[[V]]
// OUT-NEXT:    %[[T_S:.*]] = echo.stash %[[T]]
// OUT-NEXT:    %[[LOSS:.*]] = echo.reduce mean %[[T]] dims [0]
// OUT-NEXT:    %[[SEED:.*]] = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
// OUT-NEXT:    %[[DT:.*]] = echo.reduce_grad mean %[[SEED]] dims [0] : tensor<f32> -> tensor<4xf32>
// OUT-NEXT:    %[[DV:.*]] = echo.tanh_grad %[[T_S]], %[[DT]]
// OUT-NEXT:    %[[ONE:.*]] = echo.fill 1.000000e+00 : tensor<f32>
// OUT-NEXT:    %[[CNT:.*]] = echo.add %[[STEP]], %[[ONE]]
// OUT-NEXT:    %[[NV:.*]], %[[NM:.*]], %[[NVV:.*]] = echo.adam_update %[[V]], %[[DV]], %[[M]], %[[VV]], %[[CNT]] {lr = 1.000000e-02 : f64} :
// OUT-NEXT:    return %[[LOSS]], %[[NV]], %[[NM]], %[[NVV]], %[[CNT]]

// Eager updates: W's update follows its gradient, before the bias gradient
// is computed; B's follows the bias gradient. The operands are the same as
// with the updates at the end.
// EAGER-SGD-LABEL: func.func @train_step(
// EAGER-SGD-SAME:    %[[X:arg[0-9]+]]: tensor<4x8xf32>, %[[W:arg[0-9]+]]: tensor<16x8xf32> {echo.trainable}, %[[LABELS:arg[0-9]+]]: tensor<4xi32>, %[[B:arg[0-9]+]]: tensor<16xf32> {echo.trainable})
// EAGER-SGD:         %[[LOSS:.*]] = echo.cross_entropy
// EAGER-SGD:         %[[DY:.*]] = echo.cross_entropy_grad
// EAGER-SGD-NEXT:    %[[DW:.*]] = echo.linear_grad_weight %[[DY]], %[[X]]
// EAGER-SGD-NEXT:    %[[NW:.*]] = echo.sgd_update %[[W]], %[[DW]] {lr = 5.000000e-01 : f64, weight_decay = 1.000000e-02 : f64}
// EAGER-SGD-NEXT:    %[[DB:.*]] = echo.sum_to %[[DY]]
// EAGER-SGD-NEXT:    %[[NB:.*]] = echo.sgd_update %[[B]], %[[DB]] {lr = 5.000000e-01 : f64, weight_decay = 1.000000e-02 : f64}
// EAGER-SGD-NEXT:    return %[[LOSS]], %[[NW]], %[[NB]] : tensor<f32>, tensor<16x8xf32>, tensor<16xf32>

// Adam's step count t = count + 1 is computed right before the first update.
// EAGER-ADAM-LABEL: func.func @train_step(
// EAGER-ADAM-SAME:    %[[STEP:arg8]]: tensor<f32> {echo.optimizer_state})
// EAGER-ADAM:         %[[DW:.*]] = echo.linear_grad_weight
// EAGER-ADAM-NEXT:    %[[ONE:.*]] = echo.fill 1.000000e+00 : tensor<f32>
// EAGER-ADAM-NEXT:    %[[T:.*]] = echo.add %[[STEP]], %[[ONE]] : (tensor<f32>, tensor<f32>) -> tensor<f32>
// EAGER-ADAM-NEXT:    %[[NW:.*]], %[[NMW:.*]], %[[NVW:.*]] = echo.adam_update %arg1, %[[DW]], %arg4, %arg6, %[[T]]
// EAGER-ADAM-NEXT:    %[[DB:.*]] = echo.sum_to
// EAGER-ADAM-NEXT:    %[[NB:.*]], %[[NMB:.*]], %[[NVB:.*]] = echo.adam_update %arg3, %[[DB]], %arg5, %arg7, %[[T]]
// EAGER-ADAM-NEXT:    return %{{.*}}, %[[NW]], %[[NB]], %[[NMW]], %[[NMB]], %[[NVW]], %[[NVB]], %[[T]]
