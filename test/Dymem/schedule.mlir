// echo-schedule on hand-written steps: the orders it produces, the planned
// peak it ranks them by (the memory report's planned_peak_bytes), and the
// forward/backward split it keeps (schedule-effects.mlir: side effects).
//
// RUN: echo-opt %s -split-input-file --echo-schedule=order=dfs | FileCheck %s --check-prefix=DFS
// RUN: echo-opt %s -split-input-file --echo-schedule=order=list | FileCheck %s --check-prefix=LIST
// RUN: echo-opt %s -split-input-file --echo-schedule=order=input | FileCheck %s --check-prefix=INPUT
// RUN: echo-opt %s -split-input-file --mlir-print-op-on-diagnostic=false \
// RUN:   --echo-schedule=remarks=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEST
//
// The planned peak of the fork/join step, without and with the pipeline's
// schedule=best: the figures of the remark, from the memory report.
// RUN: echo-opt %s -split-input-file --echo-training-pipeline \
// RUN:   --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: echo-opt %s -split-input-file --echo-training-pipeline=schedule=best \
// RUN:   --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE

// Breadth-first fork/join: both 16 KiB branch temporaries (%a1, %c1) are
// live at the second reduce. Depth-first runs one branch to the join before
// the other starts: 16 KiB less arena.
func.func @train_step(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %a1 = echo.relu %x : tensor<64x64xf32>
  %c1 = echo.tanh %x : tensor<64x64xf32>
  %a2 = echo.reduce sum %a1 dims [1] : tensor<64x64xf32> -> tensor<64xf32>
  %c2 = echo.reduce sum %c1 dims [1] : tensor<64x64xf32> -> tensor<64xf32>
  %j = echo.add %a2, %c2 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  return %j : tensor<64xf32>
}
// DFS-LABEL: func.func @train_step
// DFS-NEXT:    %[[A1:.*]] = echo.relu %arg0
// DFS-NEXT:    %[[A2:.*]] = echo.reduce sum %[[A1]]
// DFS-NEXT:    %[[C1:.*]] = echo.tanh %arg0
// DFS-NEXT:    %[[C2:.*]] = echo.reduce sum %[[C1]]
// DFS-NEXT:    echo.add %[[A2]], %[[C2]]
// LIST-LABEL: func.func @train_step
// LIST-NEXT:    %[[A1:.*]] = echo.relu %arg0
// LIST-NEXT:    %[[A2:.*]] = echo.reduce sum %[[A1]]
// LIST-NEXT:    %[[C1:.*]] = echo.tanh %arg0
// LIST-NEXT:    %[[C2:.*]] = echo.reduce sum %[[C1]]
// LIST-NEXT:    echo.add %[[A2]], %[[C2]]
// INPUT-LABEL: func.func @train_step
// INPUT-NEXT:    echo.relu
// INPUT-NEXT:    echo.tanh
// INPUT-NEXT:    echo.reduce
// INPUT-NEXT:    echo.reduce
// Persistent: %x (16384) and the result (256). Arena: input 2 x 16384 + 256,
// depth-first 16384 + 2 x 256.
// BEST: remark: echo-schedule: planned peak of @train_step (bytes): input 49664, dfs 33536, list 33536; kept dfs order
// NONE: "function":"train_step"{{.*}}"planned_peak_bytes":49664
// PIPE: "function":"train_step"{{.*}}"planned_peak_bytes":33536

// -----

// Already depth-first: every candidate plans the same peak and best keeps
// the input order.
func.func @train_step(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %a1 = echo.relu %x : tensor<64x64xf32>
  %a2 = echo.reduce sum %a1 dims [1] : tensor<64x64xf32> -> tensor<64xf32>
  %c1 = echo.tanh %x : tensor<64x64xf32>
  %c2 = echo.reduce sum %c1 dims [1] : tensor<64x64xf32> -> tensor<64xf32>
  %j = echo.add %a2, %c2 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  return %j : tensor<64xf32>
}
// BEST: remark: echo-schedule: planned peak of @train_step (bytes): input 33536, dfs 33536, list 33536; kept input order
// NONE: "function":"train_step"{{.*}}"planned_peak_bytes":33536
// PIPE: "function":"train_step"{{.*}}"planned_peak_bytes":33536

// -----

// The loss seed splits forward from backward (echo-annotate-memory counts
// FLOPs and categories from it on): the list scheduler would run the small
// seed before the large forward tanh, but the split holds. (Named
// @train_step so that the pipeline's autodiff leaves it as it is.)
func.func @train_step(%x: tensor<64x64xf32>) -> (tensor<64xf32>, tensor<f32>) {
  %t = echo.tanh %x : tensor<64x64xf32>
  %one = echo.fill 1.0 {echo.loss_seed} : tensor<f32>
  %r = echo.reduce sum %t dims [1] : tensor<64x64xf32> -> tensor<64xf32>
  return %r, %one : tensor<64xf32>, tensor<f32>
}
// LIST-LABEL: func.func @train_step({{.*}}) -> (tensor<64xf32>, tensor<f32>)
// LIST-NEXT:    echo.tanh
// LIST-NEXT:    echo.fill {{.*}}echo.loss_seed
// LIST-NEXT:    echo.reduce
// BEST: remark: echo-schedule: planned peak of @train_step (bytes): input 33028, dfs 33028, list 33028; kept input order
// NONE: "function":"train_step"{{.*}}"planned_peak_bytes":33028
// PIPE: "function":"train_step"{{.*}}"planned_peak_bytes":33028
