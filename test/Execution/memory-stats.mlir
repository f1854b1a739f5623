// --memory-stats=json prints one valid JSON object with peak_bytes and the
// bytes live at the peak by category (summing to peak_bytes); the text form
// prints peak_bytes and a table.
//
// Trainable arguments are "weights" (w1 16x16, b1 16, w2 4x16: 1024 + 64 +
// 256 = 1344 bytes), the data arguments "inputs" (x 8x16 f32, labels 8xi32:
// 512 + 32 = 544 bytes); both are live for the whole step.
// RUN: echo-opt %s --echo-autodiff > %t.none.mlir
// RUN: echo-run %t.none.mlir --memory-stats=json > %t.json
// RUN: python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print('keys', 'peak_bytes' in d, 'by_category' in d, type(d['by_category']).__name__)" %t.json | FileCheck %s --check-prefix=KEYS
// KEYS: keys True True dict
// RUN: python3 %S/Inputs/check_memory_stats.py --expect weights=1344 --expect inputs=544 < %t.json | FileCheck %s
// CHECK: memory stats ok: peak_bytes {{[1-9][0-9]*}}, categories {{.*}}inputs{{.*}}weights
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: {"peak_bytes": {{[0-9]+}},{{.*}}"by_category": {{{.*}}"weights": 1344{{.*}}}
//
// With --print-loss and several iterations, the JSON object still comes
// last, on a line of its own, after the loss lines; the peak does not grow
// with the number of steps (buffers are freed after every step). With an
// optimizer the new parameters are results counted as weights too, so
// weights hold at least two copies of the parameters.
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t.sgd.mlir
// RUN: echo-run %t.sgd.mlir --iterations 1 --memory-stats=json | python3 %S/Inputs/check_memory_stats.py --expect-min weights=2688 > %t.one
// RUN: echo-run %t.sgd.mlir --iterations 5 --print-loss --memory-stats=json > %t.five
// RUN: FileCheck %s --check-prefix=FIVE < %t.five
// FIVE: iter 4 loss
// FIVE-NEXT: {"peak_bytes":
// RUN: python3 %S/Inputs/check_memory_stats.py --expect-min weights=2688 < %t.five > %t.five.ok
// RUN: cmp %t.one %t.five.ok
//
// Adam's state (m and v per parameter, and the step count: 2 * 1344 + 4 =
// 2692 bytes as arguments, as much again for the new state) is counted under
// optimizer_state.
// RUN: echo-opt %s '--echo-autodiff=optimizer=adam lr=0.01' | echo-run --iterations 2 --memory-stats=json \
// RUN:   | python3 %S/Inputs/check_memory_stats.py --expect-min weights=2688 --expect-min optimizer_state=5384 | FileCheck %s
//
// The text form.
// RUN: echo-run %t.none.mlir --memory-stats | FileCheck %s --check-prefix=TEXT
// RUN: echo-run %t.none.mlir --memory-stats=text | FileCheck %s --check-prefix=TEXT
// TEXT: peak_bytes {{[1-9][0-9]*}}
// TEXT-NEXT: live at the peak, by category:
// TEXT: weights {{ *}}1344
//
// Any other value is rejected.
// RUN: not echo-run %t.none.mlir --memory-stats=xml 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: --memory-stats takes no value, 'text' or 'json'

func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
               %w1: tensor<16x16xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
               %w2: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %r = echo.tanh %h : tensor<8x16xf32>
  %o = echo.linear %r, %w2 : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
