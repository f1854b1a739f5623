// echo-arena-results keeps the results of a public step that replace no
// argument (gradients, the loss) in the step; echo-buffer-assign then
// places them in the arena from their first write to the end of the step,
// over memory that is dead by then, and makes the arena the caller's
// argument.
// RUN: echo-opt %s -split-input-file --echo-arena-results | FileCheck %s --check-prefix=MARK
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(echo-arena-results,buffer-results-to-out-params{hoist-static-allocs modify-public-functions},func.func(echo-buffer-assign))' | FileCheck %s --check-prefix=PLAN

func.func private @compute(memref<*xf32>, memref<*xf32>)

// %t is a temporary that dies at point 5 (program points after out-parameter
// conversion, which makes %u, the new parameter (echo.update_of), the
// caller's buffer); the gradient %g is first written at point 8. After
// planning, %g lives [6, 9] (its allocation to the return) at offset 0,
// over %t's bytes ([1, 5]): one 256-byte arena (the alignment) holds both, and the caller
// reads result #0 at offset 0 of the arena argument.
// MARK-LABEL: func.func @step
// MARK-SAME: (%{{.*}}: memref<16xf32> {echo.trainable}) -> (memref<16xf32> {echo.update_of = 0 : i64})
// MARK-SAME: echo.step_stats = {persistent = {weights = 64 : i64}}
// MARK: %[[G:.*]] = memref.alloc() {echo.arena_result = 0 : i64, echo.category = #echo.category<weight_gradients>} : memref<16xf32>
// MARK: return %{{.*}} : memref<16xf32>
// PLAN-LABEL: func.func @step
// PLAN-SAME: (%{{.*}}: memref<16xf32> {echo.trainable}, %{{.*}}: memref<16xf32> {echo.update_of = 0 : i64}, %[[ARENA:.*]]: memref<256xi8> {echo.arena})
// PLAN-SAME: echo.arena_plan = #echo.arena_plan<bytes = 256,
// PLAN-SAME: echo.arena_results = array<i64: 0, 0>
// PLAN-NOT: memref.alloc
// PLAN: memref.view %[[ARENA]][%{{.*}}][] {echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 0, bytes = 64, first = 1, last = 5, slot = 0>}
// PLAN: memref.view %[[ARENA]][%{{.*}}][] {echo.arena_result = 0 : i64, echo.category = #echo.category<weight_gradients>, echo.slice = #echo.slice<offset = 0, bytes = 64, first = 6, last = 9, slot = 1>}
// PLAN-NOT: memref.alloc
// PLAN: return
// PLAN-NEXT: }
func.func @step(%w: memref<16xf32> {echo.trainable})
    -> (memref<16xf32>, memref<16xf32> {echo.update_of = 0 : i64})
    attributes {echo.step_stats = {persistent = {weight_gradients = 64 : i64, weights = 64 : i64}}} {
  %cw = memref.cast %w : memref<16xf32> to memref<*xf32>
  %t = memref.alloc() {echo.category = #echo.category<immediate>} : memref<16xf32>
  %ct = memref.cast %t : memref<16xf32> to memref<*xf32>
  call @compute(%cw, %ct) : (memref<*xf32>, memref<*xf32>) -> ()
  %u = memref.alloc() : memref<16xf32>
  %cu = memref.cast %u : memref<16xf32> to memref<*xf32>
  call @compute(%ct, %cu) : (memref<*xf32>, memref<*xf32>) -> ()
  %g = memref.alloc() {echo.category = #echo.category<gradient_maps>} : memref<16xf32>
  %cg = memref.cast %g : memref<16xf32> to memref<*xf32>
  call @compute(%cu, %cg) : (memref<*xf32>, memref<*xf32>) -> ()
  return %g, %u : memref<16xf32>, memref<16xf32>
}

// -----

// A returned argument, and one buffer returned twice, are not buffers the
// step can give up: each such result is copied into a buffer of its own
// right before the return.
// MARK-LABEL: func.func @copies
// MARK-SAME: (%[[X:[a-z0-9]+]]: memref<4xf32>) {
// MARK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// MARK: %[[R0:.*]] = memref.alloc() {echo.arena_result = 0 : i64, echo.category = #echo.category<weight_gradients>} : memref<4xf32>
// MARK-NEXT: memref.copy %[[X]], %[[R0]]
// MARK-NEXT: %[[R1:.*]] = memref.alloc() {echo.arena_result = 1 : i64, echo.category = #echo.category<weight_gradients>} : memref<4xf32>
// MARK-NEXT: memref.copy %[[A]], %[[R1]]
// MARK-NEXT: %[[R2:.*]] = memref.alloc() {echo.arena_result = 2 : i64, echo.category = #echo.category<weight_gradients>} : memref<4xf32>
// MARK-NEXT: memref.copy %[[A]], %[[R2]]
// MARK-NEXT: return
// PLAN-LABEL: func.func @copies
// PLAN-SAME: echo.arena_results = array<i64: 0, {{[0-9]+}}, 1, {{[0-9]+}}, 2, {{[0-9]+}}>
func.func @copies(%x: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %x, %a : memref<4xf32> to memref<4xf32>
  return %x, %a, %a : memref<4xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// A private function (called by the step, not by the host) keeps its
// results.
// MARK-LABEL: func.func private @helper
// MARK-SAME: -> memref<4xf32>
// MARK-NOT: echo.arena_result
// MARK: return %{{.*}} : memref<4xf32>
func.func private @helper() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
