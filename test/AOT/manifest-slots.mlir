// A step library says how many packed slots its entry uses
// (echo_step_packed_slots, taken from the lowered function, not from the
// manifest). A manifest that is intact (valid checksum) but describes
// another number of slots -- a record deleted or repeated and the checksum
// recomputed, as the fuzzer's manifest mutations do -- is refused before
// the step runs; the step would otherwise read past its slots (SIGSEGV).
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t/step.mlir
// RUN: echo-compile %t/step.mlir --shared -o %t/step.so
// RUN: echo-step %t/step.so --print-loss | FileCheck %s --check-prefix=INTACT
// INTACT: iter 0 loss
//
// The last result record deleted, the checksum recomputed.
// RUN: python3 %S/Inputs/rewrite_manifest.py delete-last result %t/step.so %t/fewer.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/fewer.so --print-loss | FileCheck %s --check-prefix=FEWER
// FEWER: echo-step: {{.*}}fewer.so: the manifest describes {{[0-9]+}} packed slots, the step takes {{[0-9]+}}: the manifest does not belong to this library
// FEWER-NEXT: exit code 1
//
// The first result record (the loss) repeated.
// RUN: python3 %S/Inputs/rewrite_manifest.py repeat-first result %t/step.so %t/more.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/more.so --print-loss | FileCheck %s --check-prefix=MORE
// MORE: echo-step: {{.*}}more.so: the manifest describes {{[0-9]+}} packed slots, the step takes {{[0-9]+}}: the manifest does not belong to this library
// MORE-NEXT: exit code 1
//
// Without the symbol (a library of an older echo-compile) nothing is run.
// RUN: python3 -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d.replace(b'echo_step_packed_slots', b'echo_step_packed_slotX'))" %t/step.so %t/old.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/old.so | FileCheck %s --check-prefix=OLD
// OLD: echo-step: {{.*}}old.so has no echo_step_packed_slots (an older echo-compile built it): compile it again
// OLD-NEXT: exit code 1

func.func @mlp(%x: tensor<4x6xf32>, %labels: tensor<4xi32>,
               %w: tensor<3x6xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<4x6xf32>, tensor<3x6xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
