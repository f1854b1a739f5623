// Reshapes are views of their operand's buffer (BufferViews.h): a map that
// the backward pass reads both as it is and reshaped is one buffer, stashed
// once (Inputs/flatten.mlir: a relu map read by relu_grad and, flattened,
// by the next linear's weight gradient).
//
// RUN: echo-opt %S/Inputs/flatten.mlir --echo-autodiff -o %t.step.mlir
//
// The stash of the view counts under the relu's buffer, once: 2x8 f32 = 64
// bytes (the logits the cross-entropy gradient reads, 2x3 f32, are the
// other stash); the relu and the reshape viewing it are both "stashed".
// RUN: echo-opt %t.step.mlir --pass-pipeline='builtin.module(func.func(echo-annotate-memory))' | FileCheck %s --check-prefix=ANNOTATE
// ANNOTATE-LABEL: func.func @train_step
// ANNOTATE-SAME:    stashed_by_op_kind = {echo.linear = 24 : i64, echo.relu = 64 : i64}
// ANNOTATE:         echo.relu %{{.*}} {echo.category = [#echo.category<stashed>]}
// ANNOTATE:         echo.reshape %{{.*}} {echo.category = [#echo.category<stashed>]}
// ANNOTATE:         echo.reshape %{{.*}} {echo.category = [#echo.category<stashed>]}
//
// Bufferized, a reshape is a memref.reinterpret_cast of its operand's
// buffer, not an allocation and a copy.
// RUN: echo-opt %t.step.mlir --echo-training-pipeline -o %t.planned.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t.planned.mlir
// PLAN-LABEL: func.func @train_step
// PLAN:         memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 2, 4], strides: [8, 4, 1] : memref<2x8xf32> to memref<2x2x4xf32>
// PLAN:         memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<2x2x4xf32> to memref<2x8xf32>
// PLAN-NOT:     echo_copy
// PLAN:         return
//
// The report lists the relu's buffer once among the stashed buffers, and
// its peak is what the runtime measures.
// RUN: echo-opt %t.planned.mlir --echo-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT-LABEL: === memory report: @train_step
// REPORT:       stashed bytes by producing op:
// REPORT-NEXT:    echo.linear {{ *}}24
// REPORT-NEXT:    echo.relu {{ *}}64
// REPORT-NEXT:  largest stashed buffers:
// REPORT-NEXT:  {{ *}}64 bytes {{.*}} echo.relu
// REPORT-NEXT:  {{ *}}24 bytes {{.*}} echo.linear
// REPORT-NOT:   bytes {{.*}} echo.reshape
// REPORT:       === memory report: @flatten
// RUN: echo-opt %t.step.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.report
// RUN: echo-run %t.step.mlir --memory-stats=json > %t.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.report %t.stats | FileCheck %s --check-prefix=AGREE
// AGREE: peak agrees: {{[1-9][0-9]*}} bytes
//
// The views read the right bytes: every result is bit-identical to the same
// function without the reshapes, planned and unplanned.
// RUN: echo-opt %S/Inputs/flatten-plain.mlir --echo-autodiff -o %t.plain.mlir
// RUN: echo-run %t.step.mlir --seed 5 --iterations 1 --dump-results %t.views.out > /dev/null
// RUN: echo-run %t.step.mlir --seed 5 --iterations 1 --no-buffer-assign --dump-results %t.views.separate > /dev/null
// RUN: echo-run %t.plain.mlir --seed 5 --iterations 1 --dump-results %t.plain.out > /dev/null
// RUN: cmp %t.views.out %t.plain.out
// RUN: cmp %t.views.separate %t.plain.out
// RUN: test -s %t.plain.out
//
// A reshape whose result the function returns keeps a buffer of its own
// (the caller's out-parameter), filled by a copy.
// RUN: echo-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})' | FileCheck %s --check-prefix=RETURNED
// RETURNED-LABEL: func.func @returned
// RETURNED:         call @echo_copy
// RETURNED-NOT:     memref.reinterpret_cast
// RETURNED:         return
func.func @returned(%x: tensor<2x8xf32>) -> tensor<16xf32> {
  %t = echo.tanh %x : tensor<2x8xf32>
  %f = echo.reshape %t : tensor<2x8xf32> -> tensor<16xf32>
  return %f : tensor<16xf32>
}
