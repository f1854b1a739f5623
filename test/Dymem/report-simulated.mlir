// The memory report prints echo-simulate's figures (the training
// pipeline's simulate=true): the text report's Figure 14 split, the JSON
// report's simulated_step, and both streams in the trace (a process of
// their own, one thread per stream, slices in microseconds) and in the SVG
// (a band of bars under the chart). The step offloads %a by hand; under
// pcie4 (simulate.mlir derives the same figures): relu [0, 5.395] us, the
// offload [5.395, 173.167] on the copy stream, tanh [5.395, 10.789], the
// prefetch [173.167, 340.939], the add [340.939, 349.031].
//
// RUN: echo-opt %s '--echo-training-pipeline=simulate=true' --echo-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: echo-opt %s '--echo-training-pipeline=simulate=true' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: echo-opt %s '--echo-training-pipeline=simulate=true' --echo-memory-report=format=trace -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: echo-opt %s '--echo-training-pipeline=simulate=true' --echo-memory-report=format=svg -o /dev/null 2>&1 | FileCheck %s --check-prefix=SVG
// Without simulate=true (and without offload=) nothing of it is printed.
// RUN: echo-opt %s --echo-training-pipeline --echo-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE

func.func @train_step(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %a = echo.relu %x : tensor<1024x1024xf32>
  %h, %t = echo.offload %a : tensor<1024x1024xf32>
  %b = echo.tanh %x {echo.loss_seed} : tensor<1024x1024xf32>
  %p = echo.prefetch %h after %t : !echo.host<tensor<1024x1024xf32>>
  %c = echo.add %p, %b : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %c : tensor<1024x1024xf32>
}
// TEXT:      simulated step            0.349 ms on pcie4
// TEXT-NEXT:   overlapped              0.005 ms  (compute and copy streams)
// TEXT-NEXT:   transfer only           0.330 ms  (non-overlapped transfer)
// TEXT-NEXT:   compute only            0.013 ms  (non-overlapped compute)
// JSON: "simulated_step":{"compute_only_seconds":1.348{{[0-9]*}}e-05,"compute_seconds":1.888{{[0-9]*}}e-05,"device":"pcie4","overlapped_seconds":5.394{{[0-9]*}}e-06,"step_seconds":0.000349030{{[0-9]*}},"transfer_only_seconds":0.000330149{{[0-9]*}},"transfer_seconds":0.000335544{{[0-9]*}}}
// The compute stream is busy over [0, 10.789] and [340.939, 349.031], the
// copy stream over [5.395, 340.939] (the two copies back to back).
// TRACE: "name":"simulated step: @train_step on pcie4"
// TRACE: "name":"compute stream"
// TRACE: {"dur":10.78{{[0-9]*}},"name":"compute","ph":"X","pid":2,"tid":1,"ts":0}
// TRACE: {"dur":8.09{{[0-9]*}},"name":"compute","ph":"X","pid":2,"tid":1,"ts":340.93{{[0-9]*}}}
// TRACE: "name":"copy stream"
// TRACE: {"dur":335.54{{[0-9]*}},"name":"copy","ph":"X","pid":2,"tid":2,"ts":5.39{{[0-9]*}}}
// SVG: Simulated streams on pcie4: step 0.349 ms; overlapped 0.005, transfer only 0.330, compute only 0.013 ms
// SVG: >compute</text>
// SVG: fill="#1f77b4"/>
// SVG: >copy</text>
// SVG: fill="#ff7f0e"/>
// SVG: </svg>
// NONE-NOT: simulated
