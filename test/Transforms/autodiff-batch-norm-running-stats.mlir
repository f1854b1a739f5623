// With an optimizer the training step returns each batch norm's new running
// mean and variance after the optimizer's results, in argument order, each
// with echo.update_of pointing at its argument, so iterating the step
// updates them (as PyTorch's training mode does). A new statistic that is
// the running statistic of a later batch norm is followed to the last one.
// Without an optimizer the step returns the loss and the gradients only.
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=sgd' | FileCheck %s --check-prefix=SGD
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=adam' | FileCheck %s --check-prefix=ADAM
// RUN: echo-opt %s --echo-autodiff=function=f | FileCheck %s --check-prefix=NONE
// RUN: echo-opt %s '--echo-autodiff=function=chain optimizer=sgd' | FileCheck %s --check-prefix=CHAIN
// A statistic that two batch norms read is not updated, with a warning:
// RUN: echo-opt %s '--echo-autodiff=function=shared optimizer=sgd' 2>%t.warnings | FileCheck %s --check-prefix=SHARED
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.warnings
// Iterated, the statistics move: after 2 steps the returned mean is no longer 0.
// RUN: echo-opt %s '--echo-autodiff=function=f optimizer=sgd' | echo-run --entry train_step --iterations 2 --dump-results %t.bin
// RUN: FileCheck %s --check-prefix=DUMP --input-file=%t.bin

func.func @f(%x: tensor<2x3x4x4xf32>, %g: tensor<3xf32> {echo.trainable},
             %b: tensor<3xf32> {echo.trainable}, %mean: tensor<3xf32>,
             %var: tensor<3xf32>, %labels: tensor<2xi32>) -> tensor<f32> {
  %y, %nm, %nv, %sm, %si = echo.batch_norm %x, %g, %b, %mean, %var {momentum = 2.500000e-01 : f64} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %r = echo.reduce mean %y dims [2, 3] : tensor<2x3x4x4xf32> -> tensor<2x3xf32>
  %l = echo.cross_entropy %r, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// SGD-LABEL: func.func @train_step(
// SGD-SAME:    -> (tensor<f32>, tensor<3xf32> {echo.update_of = 1 : i64}, tensor<3xf32> {echo.update_of = 2 : i64}, tensor<3xf32> {echo.update_of = 3 : i64}, tensor<3xf32> {echo.update_of = 4 : i64})
// SGD:         %[[Y:[^,]+]], %[[NM:[^,]+]], %[[NV:[^,]+]], %{{[^,]+}}, %{{[^ ]+}} = echo.batch_norm %arg0, %arg1, %arg2, %arg3, %arg4
// SGD:         return %{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}, %[[NM]], %[[NV]] :

// ADAM-LABEL: func.func @train_step(
// ADAM-SAME:    -> (tensor<f32>, tensor<3xf32> {echo.update_of = 1 : i64}, tensor<3xf32> {echo.update_of = 2 : i64}, tensor<3xf32> {echo.update_of = 6 : i64}, tensor<3xf32> {echo.update_of = 7 : i64}, tensor<3xf32> {echo.update_of = 8 : i64}, tensor<3xf32> {echo.update_of = 9 : i64}, tensor<f32> {echo.update_of = 10 : i64}, tensor<3xf32> {echo.update_of = 3 : i64}, tensor<3xf32> {echo.update_of = 4 : i64})

// NONE-LABEL: func.func @train_step(
// NONE-SAME:    -> (tensor<f32>, tensor<3xf32>, tensor<3xf32>) {
// NONE-NOT:   echo.update_of

func.func @chain(%x: tensor<2x3x4x4xf32>, %g: tensor<3xf32> {echo.trainable},
                 %b: tensor<3xf32> {echo.trainable}, %mean: tensor<3xf32>,
                 %var: tensor<3xf32>, %labels: tensor<2xi32>) -> tensor<f32> {
  %y, %nm, %nv, %sm, %si = echo.batch_norm %x, %g, %b, %mean, %var : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %y2, %nm2, %nv2, %sm2, %si2 = echo.batch_norm %y, %g, %b, %nm, %nv : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %r = echo.reduce mean %y2 dims [2, 3] : tensor<2x3x4x4xf32> -> tensor<2x3xf32>
  %l = echo.cross_entropy %r, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// CHAIN-LABEL: func.func @train_step(
// CHAIN-SAME:    tensor<3xf32> {echo.update_of = 3 : i64}, tensor<3xf32> {echo.update_of = 4 : i64})
// CHAIN:         = echo.batch_norm %arg0, %arg1, %arg2, %arg3, %arg4
// CHAIN:         %{{[^,]+}}, %[[NM2:[^,]+]], %[[NV2:[^,]+]], %{{[^,]+}}, %{{[^ ]+}} = echo.batch_norm
// CHAIN:         return %{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}, %[[NM2]], %[[NV2]] :

func.func @shared(%x: tensor<2x3x4x4xf32>, %g: tensor<3xf32> {echo.trainable},
                  %b: tensor<3xf32> {echo.trainable}, %mean: tensor<3xf32>,
                  %var: tensor<3xf32>, %labels: tensor<2xi32>) -> tensor<f32> {
  %y, %nm, %nv, %sm, %si = echo.batch_norm %x, %g, %b, %mean, %var : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %y2, %nm2, %nv2, %sm2, %si2 = echo.batch_norm %y, %g, %b, %mean, %var : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %r = echo.reduce mean %y2 dims [2, 3] : tensor<2x3x4x4xf32> -> tensor<2x3xf32>
  %l = echo.cross_entropy %r, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// WARN: :[[@LINE-7]]:{{[0-9]+}}: warning: echo-autodiff: argument #3 is a batch-norm running statistic read by several ops; the step does not update it
// WARN: :[[@LINE-8]]:{{[0-9]+}}: warning: echo-autodiff: argument #4 is a batch-norm running statistic read by several ops; the step does not update it
// SHARED-LABEL: func.func @train_step(
// SHARED-SAME:    -> (tensor<f32>, tensor<3xf32> {echo.update_of = 1 : i64}, tensor<3xf32> {echo.update_of = 2 : i64}) {

// DUMP: result 3 f32 [3] 12
// DUMP: result 4 f32 [3] 12
