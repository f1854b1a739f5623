// Errors of --echo-autodiff that depend on its options (the option-free ones
// are in autodiff-invalid.mlir). Pass options hold for a whole file, so each
// RUN line checks one error with FileCheck.
// RUN: not echo-opt %s --echo-autodiff=optimizer=rmsprop 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not echo-opt %s --echo-autodiff=function=missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not echo-opt %s --echo-autodiff=function=data 2>&1 | FileCheck %s --check-prefix=NOTRAIN
// RUN: not echo-opt %s --echo-autodiff=output=f 2>&1 | FileCheck %s --check-prefix=CLASH-SELF
// RUN: not echo-opt %s '--echo-autodiff=function=f output=data' 2>&1 | FileCheck %s --check-prefix=CLASH-OTHER
// Found by fuzzing: an empty output= made a step named "" that printed as
// `@<<INVALID EMPTY SYMBOL>>`, with exit status 0.
// RUN: not echo-opt %s '--echo-autodiff=function=f output=' 2>&1 | FileCheck %s --check-prefix=EMPTY
// The optimizer is an enumerated option: an unknown one is refused while
// the options are parsed, before anything runs.
// OPT: for the --optimizer option: Cannot find option named 'rmsprop'!
// OPT-NOT: @train_step
// MISSING: autodiff-invalid-options.mlir:{{[0-9]+}}:{{[0-9]+}}: error: echo-autodiff: no function named 'missing'
// NOTRAIN: autodiff-invalid-options.mlir:[[@LINE+12]]:1: error: echo-autodiff: no argument of @data is marked {echo.trainable}
// CLASH-SELF: autodiff-invalid-options.mlir:[[@LINE+5]]:1: error: echo-autodiff: a symbol named 'f' already exists; choose another with output=NAME
// CLASH-OTHER: autodiff-invalid-options.mlir:[[@LINE+4]]:1: error: echo-autodiff: a symbol named 'data' already exists; choose another with output=NAME
// EMPTY: autodiff-invalid-options.mlir:[[@LINE+3]]:1: error: echo-autodiff: output= must name the training step, got an empty name
// EMPTY-NOT: INVALID EMPTY SYMBOL

func.func @f(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %w : tensor<4xf32>
  %l = echo.reduce sum %t dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @data(%x: tensor<4xf32>) -> tensor<f32> {
  %l = echo.reduce sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
