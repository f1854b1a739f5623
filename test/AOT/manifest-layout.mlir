// A step library carries, beside its manifest, the buffers its code was
// compiled for (echo_step_buffer_layout: each argument's bytes, each
// result's bytes and arena offset, the arena's bytes), from the plan whose
// offsets the code has as constants. A manifest whose records were
// rewritten and its checksum recomputed, as the fuzzer's manifest mutations
// do, is refused when its records contradict each other or that layout;
// echo-step would otherwise read a result where the step never writes it
// (the fuzzer's finding: loss 0, exit 0).
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s --echo-autodiff > %t/step.mlir
// RUN: echo-compile %t/step.mlir --shared --grad-results=arena -o %t/step.so
// RUN: echo-step %t/step.so --print-loss | FileCheck %s --check-prefix=INTACT
// INTACT: iter 0 loss {{[1-9]}}
//
// The loss (result #0) moved to arena offset 1: into the gradient's bytes
// (result #1, at offset 0), which no plan does.
// RUN: python3 %S/Inputs/rewrite_manifest.py set result 0 3 1 %t/step.so %t/offset1.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/offset1.so --print-loss | FileCheck %s --check-prefix=OFFSET1
// OFFSET1: echo-step: {{.*}}offset1.so: manifest line {{[0-9]+}}: results #0 and #1 overlap in the arena
// OFFSET1-NEXT: exit code 1
//
// Moved to free bytes of the arena, apart from the gradient: consistent in
// itself, so only the layout tells.
// RUN: python3 %S/Inputs/rewrite_manifest.py set result 0 3 600 %t/step.so %t/offset600.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/offset600.so --print-loss | FileCheck %s --check-prefix=OFFSET600
// OFFSET600: echo-step: {{.*}}offset600.so: result #0: the manifest places it at arena offset 600, the step's code at arena offset {{[0-9]+}}: the manifest does not belong to this library
// OFFSET600-NEXT: exit code 1
//
// An argument made smaller (4x6 to 4x1: the step would read past it).
// RUN: python3 %S/Inputs/rewrite_manifest.py set arg 0 10 1 %t/step.so %t/smaller.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/smaller.so | FileCheck %s --check-prefix=SMALLER
// SMALLER: echo-step: {{.*}}smaller.so: argument #0: the manifest describes 16 bytes, the step's code 96: the manifest does not belong to this library
// SMALLER-NEXT: exit code 1
//
// Without the symbol (a library of an older echo-compile) nothing is run.
// RUN: python3 -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d.replace(b'echo_step_buffer_layout', b'echo_step_buffer_layouX'))" %t/step.so %t/old.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/old.so | FileCheck %s --check-prefix=OLD
// OLD: echo-step: {{.*}}old.so has no echo_step_buffer_layout (an older echo-compile built it): compile it again
// OLD-NEXT: exit code 1

func.func @mlp(%x: tensor<4x6xf32>, %labels: tensor<4xi32>,
               %w: tensor<3x6xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<4x6xf32>, tensor<3x6xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
