// The output forms of echo-memory-report on a planned MLP step: text
// (headings), trace (Chrome trace / Perfetto counter events), svg (well-formed
// XML), output=PATH, and the located errors for an unknown format and a
// module without a plan.
//
// RUN: echo-opt %s --echo-training-pipeline -o %t.planned.mlir
//
// The text form has one table per planned function, the training step first
// (it is what the pipeline is for; the planned forward function follows).
// RUN: echo-opt %t.planned.mlir --echo-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
// TEXT: === memory report: @train_step (14 ops) ===
// TEXT-NEXT: planned peak {{ *}}4516 bytes
// TEXT-NEXT:   persistent {{ *}}3236 bytes
// TEXT-NEXT:   arena {{ *}}1280 bytes {{.*}}(best-fit by {{size|lifetime}})
// TEXT-NEXT: lower bound {{ *}}4516 bytes
// TEXT-NEXT: fragmentation {{ *}}1.0000 (planned / lower bound)
// TEXT-NEXT: live at the peak (program point {{[0-9]+}}):
// TEXT-NEXT:   weights {{ *}}1344
// TEXT-NEXT:   weight_gradients {{ *}}1348
// TEXT-NEXT:   optimizer_state {{ *}}0
// TEXT-NEXT:   inputs {{ *}}544
// TEXT-NEXT:   stashed {{ *}}512
// TEXT-NEXT:   encoded {{ *}}0
// TEXT-NEXT:   weight_copies {{ *}}0
// TEXT-NEXT:   immediate {{ *}}{{[0-9]+}}
// TEXT-NEXT:   gradient_maps {{ *}}{{[0-9]+}}
// TEXT-NEXT:   workspace {{ *}}0
// TEXT-NEXT:   host {{ *}}0
// TEXT-NEXT: activations {{ *}}640 bytes {{ *}}0.00 MiB at most (stashed + encoded, program point {{[0-9]+}})
// TEXT-NEXT: FLOPs: forward 5536, backward {{[1-9][0-9]*}}, recompute 0
// TEXT-NEXT: stashed bytes by producing op:
// TEXT-NEXT:   echo.linear {{ *}}128
// TEXT-NEXT:   echo.tanh {{ *}}512
// TEXT-NEXT: largest stashed buffers:
// TEXT-NEXT: {{ *}}512 bytes  points {{ *[0-9]+- *[0-9]+}}  echo.tanh  loc(
// TEXT-NEXT: {{ *}}128 bytes  points {{ *[0-9]+- *[0-9]+}}  echo.linear  loc(
// TEXT: === memory report: @mlp (5 ops) ===
// format=text is the default.
// RUN: echo-opt %t.planned.mlir --echo-memory-report=format=text -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
//
// The trace is valid JSON with counter events only.
// RUN: echo-opt %t.planned.mlir --echo-memory-report=format=trace -o /dev/null 2> %t.trace.json
// RUN: python3 %S/Inputs/check_formats.py trace %t.trace.json | FileCheck %s --check-prefix=TRACE
// RUN: FileCheck %s --check-prefix=TRACEJSON < %t.trace.json
// TRACE: counter 'live arena bytes: @mlp': peak 640 bytes
// TRACE: counter 'live arena bytes: @train_step': peak {{[1-9][0-9]*}} bytes
// TRACE: trace ok: {{[1-9][0-9]*}} counter events
// TRACEJSON: {"displayTimeUnit":"ns","traceEvents":[{"args":{"encoded":0,"gradient_maps":{{[0-9]+}},"host":0,"immediate":{{[0-9]+}},"stashed":{{[0-9]+}},"weight_copies":0,"weight_gradients":0,"workspace":0},"name":"live arena bytes: @train_step","ph":"C","pid":1,"tid":1,"ts":{{[0-9]+}}}
//
// The SVG chart is well-formed XML with one stacked polygon per arena
// category, drawn for the training step.
// RUN: echo-opt %t.planned.mlir --echo-memory-report=format=svg -o /dev/null 2> %t.svg
// RUN: python3 %S/Inputs/check_formats.py svg %t.svg | FileCheck %s --check-prefix=SVG
// SVG: svg ok: 'Live arena bytes of @train_step', 8 polygons
//
// output=PATH writes the report there and nothing to stderr.
// RUN: rm -f %t.out.json
// RUN: echo-opt %t.planned.mlir '--echo-memory-report=format=json output=%t.out.json' -o /dev/null 2> %t.stderr
// RUN: count 0 < %t.stderr
// RUN: python3 %S/Inputs/check_report.py %t.out.json --function mlp --function train_step | FileCheck %s --check-prefix=FILE
// FILE: report ok: @train_step
// FILE: report ok: @mlp
// RUN: echo-opt %t.planned.mlir '--echo-memory-report=format=svg output=%t.out.svg' -o /dev/null
// RUN: python3 %S/Inputs/check_formats.py svg %t.out.svg | FileCheck %s --check-prefix=SVG
// The report leaves the IR unchanged.
// RUN: echo-opt %t.planned.mlir -o %t.same.mlir
// RUN: echo-opt %t.planned.mlir --echo-memory-report=format=json -o %t.after.mlir 2> /dev/null
// RUN: cmp %t.same.mlir %t.after.mlir
//
// Errors. An unknown format, an unwritable output path, and a module with
// no plan are reported on the module; a function with statistics but no
// plan (echo-annotate-memory only) on the function.
// A write that fails (a full device) is an error naming the path, not
// LLVM's fatal "IO failure on output stream".
// RUN: not echo-opt %s --echo-training-pipeline '--echo-memory-report=format=json output=/dev/full' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: error: echo-memory-report: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR
// RUN: not echo-opt %s --echo-training-pipeline --echo-memory-report=format=xml -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: for the --format option: Cannot find option named 'xml'!
// RUN: not echo-opt %s --echo-training-pipeline '--echo-memory-report=output=%t.missing/dir/r.json' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: report-formats.mlir:[[@LINE+8]]:1: error: echo-memory-report: cannot write '{{.*}}r.json'
// RUN: not echo-opt %s --echo-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPLAN
// NOPLAN: report-formats.mlir:[[@LINE+6]]:1: error: echo-memory-report: no function has a memory plan; run echo-training-pipeline first
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-annotate-memory),echo-memory-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOARENA
// NOARENA: report-formats.mlir:[[@LINE+6]]:3: error: echo-memory-report: @mlp has no memory plan; run echo-training-pipeline (or echo-annotate-memory, bufferization and echo-buffer-assign) first
// The last one with -verify-diagnostics.
// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-annotate-memory),echo-memory-report)' -verify-diagnostics -o /dev/null

module {
  // expected-error @below {{@mlp has no memory plan}}
  func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                 %w1: tensor<16x16xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
                 %w2: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
    %h = echo.linear %x, %w1, %b1 : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
    %r = echo.tanh %h : tensor<8x16xf32>
    %o = echo.linear %r, %w2 : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
    %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
    return %l : tensor<f32>
  }
}
