// echo-memory-report on a planned step written by hand: three buffers in a
// 768-byte arena (the plan's lower bound is 512: %b and %c never overlap in
// time but were given different offsets), 768 persistent bytes.
//
// RUN: echo-opt %s --echo-memory-report -o /dev/null 2>&1 | FileCheck %s
// RUN: echo-opt %s --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// Planned peak = persistent (weights 256 + gradients 256 + inputs 256) +
// arena 768; lower bound = 768 + 512; fragmentation 1536 / 1280 = 1.2.
// The peak is at point 1, where %a (stashed, [0, 10]) and %b (immediate,
// [1, 3]) are live and %c ([4, 8]) is not.
// CHECK-LABEL: === memory report: @step (4 ops) ===
// CHECK-NEXT:  planned peak               1536 bytes
// CHECK-NEXT:    persistent                768 bytes
// CHECK-NEXT:    arena                     768 bytes        0.00 MiB  (best-fit by size)
// CHECK-NEXT:  lower bound                1280 bytes
// CHECK-NEXT:  fragmentation            1.2000 (planned / lower bound)
// CHECK-NEXT:  live at the peak (program point 1):
// CHECK:         stashed                       256
// CHECK:         immediate                     256
// CHECK-NEXT:    gradient_maps                   0
// CHECK:       FLOPs: forward 10, backward 20, recompute 5
// CHECK:       largest stashed buffers:
// CHECK-NEXT:             256 bytes  points      0-10      echo.tanh

// JSON: "arena_bytes":768,"arena_lower_bound_bytes":512,"breakdown":{"encoded":0,"gradient_maps":0,"host":0,"immediate":256,"inputs":256,"optimizer_state":0,"stashed":256,"weight_copies":0,"weight_gradients":256,"weights":256,"workspace":0}
// JSON-SAME: "fragmentation":1.2,"function":"step","lower_bound_bytes":1280,"ops":4,"persistent_bytes":768,"planned_peak_bytes":1536

func.func private @work(memref<*xf32>, memref<*xf32>)
func.func @step(%arg0: memref<64xf32>, %arg1: memref<64xf32> {echo.trainable}, %arg2: memref<64xf32>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 768, lower_bound = 512, planner = "best-fit by size">, echo.step_stats = {flops_backward = 20 : i64, flops_forward = 10 : i64, flops_recompute = 5 : i64, ops = 4 : i64, persistent = {inputs = 256 : i64, weight_gradients = 256 : i64, weights = 256 : i64}, result_update_of = array<i64: -1>, stashed_by_op_kind = {echo.tanh = 256 : i64}}} {
  %alloc = memref.alloc() {alignment = 256 : i64, echo.alloc_for = "the memory arena of @step", echo.category = #echo.category<arena>} : memref<768xi8>
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %a = memref.view %alloc[%c0][] {echo.alloc_for = "echo.tanh", echo.category = #echo.category<stashed>, echo.slice = #echo.slice<offset = 0, bytes = 256, first = 0, last = 10, slot = 0>} : memref<768xi8> to memref<64xf32>
  %b = memref.view %alloc[%c256][] {echo.alloc_for = "echo.linear", echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 256, bytes = 256, first = 1, last = 3, slot = 1>} : memref<768xi8> to memref<64xf32>
  %c = memref.view %alloc[%c512][] {echo.alloc_for = "echo.tanh_grad", echo.category = #echo.category<gradient_maps>, echo.slice = #echo.slice<offset = 512, bytes = 256, first = 4, last = 8, slot = 2>} : memref<768xi8> to memref<64xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %cb = memref.cast %b : memref<64xf32> to memref<*xf32>
  %cc = memref.cast %c : memref<64xf32> to memref<*xf32>
  call @work(%ca, %cb) : (memref<*xf32>, memref<*xf32>) -> ()
  call @work(%ca, %cc) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}
