// An unknown policy is an option error (an enumerated option), not a
// silent fallback; none, mirror and echo are the choices.
// The pass RUN lines start from Inputs/policy-error.autodiff.mlir (the
// functions below after echo-autodiff).
// RUN: not echo-opt %S/Inputs/policy-error.autodiff.mlir '--echo-remat=policy=bogus' 2>&1 | FileCheck %s
// CHECK: for the --policy option: Cannot find option named 'bogus'!
// RUN: echo-opt %S/Inputs/policy-error.autodiff.mlir '--echo-remat=policy=none' | FileCheck %s --check-prefix=NONE --implicit-check-not=echo.recompute
// NONE: func.func @train_step
// The training pipeline takes the same enumerations.
// RUN: not echo-opt %s '--echo-training-pipeline=remat=bogus' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: for the --remat option: Cannot find option named 'bogus'!

func.func @f(%x: tensor<2x4xf32>, %labels: tensor<2xi32>, %w: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %x : tensor<2x4xf32>
  %o = echo.linear %t, %w : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
