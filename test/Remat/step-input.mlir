// echo-remat on training steps written out in full (what echo-autodiff
// produces for the models of fig14-dead-recompute.mlir and
// fig7-fig11-fc-add-tanh.mlir), so the pass's own input is in this file.
//
// RUN: echo-opt %s -split-input-file --echo-remat | FileCheck %s --check-prefix=ECHO
// RUN: echo-opt %s -split-input-file '--echo-remat=policy=mirror' | FileCheck %s --check-prefix=MIRROR
// RUN: echo-opt %s -split-input-file '--echo-remat=policy=none' | FileCheck %s --check-prefix=NONE --implicit-check-not=echo.recompute

// Figure 14: tanh of an argument feeds a linear. Both policies drop the
// stash of the tanh output and recompute tanh from the argument right
// before linear_grad_weight; the linear itself is never re-executed.
// ECHO-LABEL: func.func @fig14_step
// ECHO:         %[[T0:.*]] = echo.tanh %arg0
// ECHO-NOT:     echo.stash %[[T0]]
// ECHO:         %[[R:.*]] = echo.recompute(%arg0) : (tensor<4x16xf32>) -> tensor<4x16xf32> {
// ECHO-NEXT:    ^bb0(%[[IN:.*]]: tensor<4x16xf32>):
// ECHO-NEXT:      %[[T:.*]] = echo.tanh %[[IN]]
// ECHO-NEXT:      echo.yield %[[T]]
// ECHO-NEXT:    }
// ECHO-NEXT:    echo.linear_grad_weight %{{.*}}, %[[R]]
// MIRROR-LABEL: func.func @fig14_step
// MIRROR:         echo.recompute(%arg0)
// MIRROR-NOT:       echo.linear %
// MIRROR:         echo.linear_grad_weight
// NONE-LABEL:   func.func @fig14_step
// NONE:           %[[T:.*]] = echo.tanh %arg0
// NONE-NEXT:      echo.stash %[[T]]
func.func @fig14_step(%arg0: tensor<4x16xf32>, %arg1: tensor<4xi32>, %arg2: tensor<16x16xf32> {echo.trainable}, %arg3: tensor<3x16xf32> {echo.trainable}) -> (tensor<f32>, tensor<16x16xf32>, tensor<3x16xf32>) {
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

// -----

// Figures 7 and 11: two linears -> add -> tanh. The input stashes only the
// tanh output Z (64 bytes). Echo keeps it: recomputing tanh would need X+Y
// (128 bytes). Mirror stashes X and Y and recomputes add and tanh.
// ECHO-LABEL: func.func @fig7_step
// ECHO-NOT:     echo.recompute
// ECHO:         %[[Z:.*]] = echo.tanh
// ECHO-NEXT:    %[[ZS:.*]] = echo.stash %[[Z]]
// ECHO:         echo.tanh_grad %[[ZS]],
// MIRROR-LABEL: func.func @fig7_step
// MIRROR:         %[[X:.*]] = echo.linear
// MIRROR-NEXT:    %[[XS:.*]] = echo.stash %[[X]]
// MIRROR-NEXT:    %[[Y:.*]] = echo.linear
// MIRROR-NEXT:    %[[YS:.*]] = echo.stash %[[Y]]
// MIRROR:         %[[R:.*]] = echo.recompute(%[[XS]], %[[YS]])
// MIRROR-NEXT:    ^bb0
// MIRROR-NEXT:      echo.add
// MIRROR-NEXT:      echo.tanh
// MIRROR-NEXT:      echo.yield
// MIRROR-NEXT:    }
// MIRROR:         echo.tanh_grad %[[R]],
// NONE-LABEL:   func.func @fig7_step
func.func @fig7_step(%arg0: tensor<2x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<8x8xf32> {echo.trainable}, %arg3: tensor<8x8xf32> {echo.trainable}, %arg4: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<3x8xf32>) {
  %0 = echo.linear %arg0, %arg2 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %1 = echo.linear %arg0, %arg3 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %2 = echo.add %0, %1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = echo.tanh %2 : tensor<2x8xf32>
  %4 = echo.stash %3 : tensor<2x8xf32>
  %5 = echo.linear %3, %arg4 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %6 = echo.stash %5 : tensor<2x3xf32>
  %7 = echo.cross_entropy %5, %arg1 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  %8 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %9 = echo.cross_entropy_grad %6, %arg1, %8 : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  %10 = echo.linear_grad_weight %9, %4 : (tensor<2x3xf32>, tensor<2x8xf32>) -> tensor<3x8xf32>
  %11 = echo.linear_grad_input %9, %arg4 : (tensor<2x3xf32>, tensor<3x8xf32>) -> tensor<2x8xf32>
  %12 = echo.tanh_grad %4, %11 : tensor<2x8xf32>
  %13 = echo.linear_grad_weight %12, %arg0 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
  %14 = echo.linear_grad_weight %12, %arg0 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
  return %7, %14, %13, %10 : tensor<f32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<3x8xf32>
}
