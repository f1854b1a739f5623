// Unknown orders are option errors, in the pass and in the pipeline.
// RUN: not echo-opt %s --echo-schedule=order=bogus 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not echo-opt %s --echo-training-pipeline=schedule=bogus 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: not echo-opt %s --echo-schedule=alignment=0 2>&1 | FileCheck %s --check-prefix=ALIGN
// PASS: for the --order option: Cannot find option named 'bogus'!
// PIPE: for the --schedule option: Cannot find option named 'bogus'!
// ALIGN: error: echo-schedule: alignment must be positive

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = echo.tanh %x : tensor<4xf32>
  return %t : tensor<4xf32>
}
