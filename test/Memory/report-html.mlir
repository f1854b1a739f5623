// echo-memory-report format=html on a planned MLP step: one self-contained
// page (inline CSS and JavaScript, nothing loaded from the network) with the
// reports' data embedded as JSON: per function the JSON report, the
// live-bytes timeline by arena category, and one row per arena buffer
// (offset, bytes, lifetime, slot, category, op, value, type, location,
// encoding, offload). The output is deterministic.
// scripts/memory-report-html.py adds echo-run's measured figures and a
// second report to a page. The page in a browser:
// report-html-browser.test.
//
// RUN: echo-opt %s --echo-training-pipeline '--echo-memory-report=format=html output=%t.html' -o /dev/null
// RUN: FileCheck %s --input-file=%t.html
// RUN: FileCheck %s --input-file=%t.html --check-prefix=OFFLINE
//
// CHECK-LABEL: <!DOCTYPE html>
// CHECK: <title>echo memory report</title>
// CHECK: <style>
// CHECK: <div id="panels"></div>
// CHECK: <div id="status">loading</div>
// The data: the arena categories in stacking order, then the training step
// first, its buffers as rows of buffer_fields ('<' written as \u003c).
// CHECK-LABEL: <script type="application/json" id="echo-report">{"arena_categories":["stashed","encoded","weight_copies","immediate","gradient_maps","workspace","host","weight_gradients"],"functions":[
// CHECK-SAME: {"buffer_fields":["offset","bytes","first","last","slot","category","op","value","type","loc","encoding","transfer"],
// CHECK-SAME: "buffers":{{\[\[}}0,512,{{[0-9]+}},{{[0-9]+}},0,"immediate","echo.linear","%view","memref\u003c8x16xf32>","loc(\"{{[^"]*}}report-html.mlir\":[[#LINE_H:]]:{{[0-9]+}})","",""],
// CHECK-SAME: [0,512,{{[0-9]+}},{{[0-9]+}},0,"stashed","echo.tanh","%view_{{[0-9]+}}","memref\u003c8x16xf32>","loc(\"{{[^"]*}}report-html.mlir\":[[#LINE_H+1]]:{{[0-9]+}})","",""],
// CHECK-SAME: "peak_point":{{[0-9]+}},"persistent":{"inputs":544,"weight_gradients":1348,"weights":1344},
// CHECK-SAME: "report":{"activations":{"largest_bytes":640,"point":13},"arena_bytes":1280,{{.*}}"function":"train_step",{{[^}]*}}"planned_peak_bytes":4516,
// CHECK-SAME: "timeline":{"encoded":[0,{{[0-9,]+}}],"gradient_maps":[{{[0-9,]+}}],"host":[{{[0-9,]+}}],"immediate":[512,{{[0-9,]+}}],"points":[{{[0-9,]+}}],"stashed":[{{[0-9,]+}}],"weight_copies":[{{[0-9,]+}}],"weight_gradients":[{{[0-9,]+}}],"workspace":[{{[0-9,]+}}]}}
// The planned forward function follows.
// CHECK-SAME: "report":{{.*}}"function":"mlp"
// CHECK-SAME: ],"persistent_categories":["weights","weight_gradients","optimizer_state","inputs"],"schema_version":1}</script>
// Measured figures and a second report are empty until the script adds them.
// CHECK-NEXT: <script type="application/json" id="echo-measured">null</script>
// CHECK-NEXT: <script type="application/json" id="echo-compare">null</script>
// CHECK-NEXT: <script type="application/json" id="echo-compare-measured">null</script>
// CHECK-NEXT: <script type="application/json" id="echo-labels">null</script>
// CHECK: <script>
// CHECK: function main()
// CHECK: </html>
//
// Self-contained: no external script, stylesheet, image or fetch.
// OFFLINE-NOT: src=
// OFFLINE-NOT: href=
// OFFLINE-NOT: fetch(
// OFFLINE-NOT: XMLHttpRequest
// OFFLINE-NOT: @import
//
// Deterministic: the same page twice.
// RUN: echo-opt %s --echo-training-pipeline '--echo-memory-report=format=html output=%t.again.html' -o /dev/null
// RUN: cmp %t.html %t.again.html
//
// Planned vs measured: echo-run's --memory-stats=json (after its loss
// lines) embedded; the measured peak equals the planned one.
// RUN: echo-opt %s --echo-autodiff -o %t.step.mlir
// RUN: echo-run %t.step.mlir --print-loss --memory-stats=json > %t.measured
// RUN: python3 %echo_src_root/scripts/memory-report-html.py %t.html --measured %t.measured -o %t.m.html
// RUN: FileCheck %s --input-file=%t.m.html --check-prefix=MEASURED
// MEASURED: <script type="application/json" id="echo-measured">{"allocations":{{[0-9]+}},"by_category":{"arena":1280,{{.*}}"weights":1344,"workspace":0},{{.*}}"peak_bytes":4516}</script>
// MEASURED-NEXT: <script type="application/json" id="echo-compare">null</script>
//
// Two reports: a Mirror plan (recompute every light op) beside this one.
// RUN: echo-opt %s '--echo-training-pipeline=remat=mirror' '--echo-memory-report=format=html output=%t.mirror.html' -o /dev/null
// RUN: python3 %echo_src_root/scripts/memory-report-html.py %t.mirror.html --compare %t.html --compare-measured %t.measured --labels Mirror,Baseline -o %t.both.html
// RUN: FileCheck %s --input-file=%t.both.html --check-prefix=BOTH
// BOTH: id="echo-report">{"arena_categories":
// BOTH: id="echo-measured">null</script>
// BOTH-NEXT: id="echo-compare">{"arena_categories":[{{.*}}"planned_peak_bytes":4516,
// BOTH-NEXT: id="echo-compare-measured">{"allocations":{{.*}}"peak_bytes":4516}</script>
// BOTH-NEXT: id="echo-labels">["Mirror","Baseline"]</script>
//
// A page that is not a report, and --compare-measured alone, are errors.
// RUN: not python3 %echo_src_root/scripts/memory-report-html.py %t.measured -o %t.bad.html 2>&1 | FileCheck %s --check-prefix=NOTPAGE
// NOTPAGE: is not an echo memory report page (no #echo-report block)
// RUN: not python3 %echo_src_root/scripts/memory-report-html.py %t.html --compare-measured %t.measured -o %t.bad.html 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: --compare-measured needs --compare
//
// Encodings and offload: Gist's lossless encodings and the greedy offload
// on a conv net; a buffer's row names the encoding that writes it and its
// host copy.
// RUN: echo-opt %S/Inputs/cnn.mlir '--echo-training-pipeline=gist=lossless offload=greedy' --echo-memory-report=format=html -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENCODED
// ENCODED: "encoded","echo.encode","%view_{{[0-9]+}}","memref\u003c{{[0-9]+}}xi8>","loc({{.*}})","binarize","offloaded to host slot 0"]
// ENCODED: "echo.prefetch",{{.*}},"","prefetched from host slot 0"]

module {
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
