// The dialect checks the discardable echo.* attributes the passes exchange
// (discardableAttrs in EchoDialect.td) wherever they appear, and the arena
// plan together with its slices.
// RUN: echo-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{attribute 'echo.trainable' belongs on a function argument, not on an operation}}
func.func @trainable_on_op() attributes {echo.trainable} {
  return
}

// -----

// expected-error@+1 {{attribute 'echo.trainable' must be a unit attribute}}
func.func @trainable_not_unit(%w: tensor<4xf32> {echo.trainable = 1 : i64}) {
  return
}

// -----

// expected-error@+1 {{attribute 'echo.update_of' must not be negative, got -2}}
func.func @update_of_negative(%w: tensor<4xf32>) -> (tensor<4xf32> {echo.update_of = -2 : i64}) {
  return %w : tensor<4xf32>
}

// -----

func.func @update_of_on_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'echo.update_of' belongs on a function result, not on an operation}}
  %0 = echo.relu %x {echo.update_of = 0 : i64} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @category_unknown(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{unknown memory category 'stached'}}
  %0 = echo.relu %x {echo.category = [#echo.category<stached>]} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @category_string(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'echo.category' must hold #echo.category values, got "stashed"}}
  %0 = echo.relu %x {echo.category = ["stashed"]} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @category_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'echo.category' has 2 categories for 1 results}}
  %0 = echo.relu %x {echo.category = [#echo.category<stashed>, #echo.category<immediate>]} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @category_on_alloc() {
  // expected-error@+1 {{attribute 'echo.category' must be an #echo.category or an array of them}}
  %0 = memref.alloc() {echo.category = "workspace"} : memref<16xi8>
  memref.dealloc %0 : memref<16xi8>
  return
}

// -----

func.func @slice_lifetime_reversed(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 64, planner = "best-fit">} {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{slice lifetime must satisfy 0 <= first <= last, got [5, 2]}}
  %v = memref.view %arena[%c0][] {echo.slice = #echo.slice<offset = 0, bytes = 64, first = 5, last = 2, slot = 0>} : memref<512xi8> to memref<16xf32>
  return
}

// -----

func.func @slice_offset_negative(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 64, planner = "best-fit">} {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{slice offset, bytes and slot must not be negative}}
  %v = memref.view %arena[%c0][] {echo.slice = #echo.slice<offset = -256, bytes = 64, first = 0, last = 1, slot = 0>} : memref<512xi8> to memref<16xf32>
  return
}

// -----

func.func @slice_not_typed(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 64, planner = "best-fit">} {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{attribute 'echo.slice' must be an #echo.slice}}
  %v = memref.view %arena[%c0][] {echo.slice = 64 : i64} : memref<512xi8> to memref<16xf32>
  return
}

// -----

func.func @slice_without_plan(%arena: memref<512xi8>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{attribute 'echo.slice' needs an enclosing op with 'echo.arena_plan'}}
  %v = memref.view %arena[%c0][] {echo.slice = #echo.slice<offset = 0, bytes = 64, first = 0, last = 1, slot = 0>} : memref<512xi8> to memref<16xf32>
  return
}

// -----

// expected-error@+1 {{arena lower bound must be in [0, bytes = 512], got 1024}}
func.func @plan_bound_above_arena() attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 1024, planner = "best-fit">} {
  return
}

// -----

func.func @slice_past_arena(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 64, planner = "best-fit">} {
  %c480 = arith.constant 480 : index
  // expected-error@+1 {{has #echo.slice<offset = 480, bytes = 64, first = 0, last = 1, slot = 0> past the end of its arena (512 bytes)}}
  %v = memref.view %arena[%c480][] {echo.slice = #echo.slice<offset = 480, bytes = 64, first = 0, last = 1, slot = 0>} : memref<512xi8> to memref<16xf32>
  return
}

// -----

func.func @slice_shift_mismatch(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 64, planner = "best-fit">} {
  %c64 = arith.constant 64 : index
  // expected-error@+1 {{but views the arena at byte 64}}
  %v = memref.view %arena[%c64][] {echo.slice = #echo.slice<offset = 0, bytes = 64, first = 0, last = 1, slot = 0>} : memref<512xi8> to memref<16xf32>
  return
}

// -----

// Two views live at the same time overlap in the arena.
// expected-error@+1 {{has an invalid #echo.arena_plan<bytes = 512, lower_bound = 128, planner = "best-fit">: buffers 0 and 1 are live together and overlap in memory}}
func.func @slices_overlap(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 128, planner = "best-fit">} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %a = memref.view %arena[%c0][] {echo.slice = #echo.slice<offset = 0, bytes = 64, first = 0, last = 2, slot = 0>} : memref<512xi8> to memref<16xf32>
  %b = memref.view %arena[%c32][] {echo.slice = #echo.slice<offset = 32, bytes = 64, first = 1, last = 3, slot = 1>} : memref<512xi8> to memref<16xf32>
  return
}

// -----

func.func @slot_moves(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 64, planner = "best-fit">} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %a = memref.view %arena[%c0][] {echo.slice = #echo.slice<offset = 0, bytes = 64, first = 0, last = 2, slot = 0>} : memref<512xi8> to memref<16xf32>
  // expected-error@+1 {{but slot 0 is at offset 0}}
  %b = memref.view %arena[%c64][] {echo.slice = #echo.slice<offset = 64, bytes = 64, first = 2, last = 3, slot = 0>} : memref<512xi8> to memref<16xf32>
  return
}

// -----

func.func private @entry(memref<*xf32>, memref<*xf32>)
func.func @in_place_out_of_range(%a: memref<*xf32>, %b: memref<*xf32>) {
  // expected-error@+1 {{attribute 'echo.in_place' names operand 3 of 2}}
  call @entry(%a, %b) {echo.in_place = array<i64: 0, 3>} : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// -----

func.func private @entry(memref<*xf32>, memref<*xf32>)
func.func @in_place_odd(%a: memref<*xf32>, %b: memref<*xf32>) {
  // expected-error@+1 {{attribute 'echo.in_place' must be an array<i64> of (input, output) pairs}}
  call @entry(%a, %b) {echo.in_place = array<i64: 0>} : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// -----

// expected-error@+1 {{attribute 'echo.arena_results' must be an array<i64> of (result, offset) pairs}}
func.func @arena_results_odd() attributes {echo.arena_results = array<i64: 0>} {
  return
}

// -----

// expected-error@+1 {{attribute 'echo.arena_results' must list results in increasing order}}
func.func @arena_results_order() attributes {echo.arena_results = array<i64: 1, 0, 0, 256>} {
  return
}

// -----

// expected-error@+1 {{attribute 'echo.arena' belongs on a function argument, not on an operation}}
func.func @arena_on_op() attributes {echo.arena} {
  return
}

// -----

func.func @arena_result_negative() {
  // expected-error@+1 {{attribute 'echo.arena_result' must not be negative, got -1}}
  %0 = memref.alloc() {echo.arena_result = -1 : i64} : memref<4xf32>
  return
}

// -----

func.func @trip_bound_negative(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{attribute 'echo.trip_bound' must not be negative, got -2}}
  scf.for %i = %c0 to %n step %c1 {
  } {echo.trip_bound = -2 : i64}
  return
}

// -----

func.func @density_above_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'echo.density' must be an f64 in [0, 1], got 1.500000e+00 : f64}}
  %0 = echo.relu %x {echo.density = 1.5 : f64} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error@+1 {{attribute 'echo.step_stats' must be a dictionary}}
func.func @stats_not_dictionary() attributes {echo.step_stats = 3 : i64} {
  return
}

// -----

// expected-error@+1 {{attribute 'echo.budget_plan' must be a dictionary}}
func.func @budget_plan_not_dictionary() attributes {echo.budget_plan = "fp8"} {
  return
}

// -----

// expected-error@+1 {{attribute 'echo.csr_bounds' must be a dictionary}}
func.func @csr_bounds_not_dictionary() attributes {echo.csr_bounds = "dense"} {
  return
}

// -----

// expected-error@+1 {{attribute 'echo.alloc_sites' must be an array of strings}}
module attributes {echo.alloc_sites = ["stashed|relu", 7 : i64]} {
}

// -----

// expected-error@+1 {{attribute 'echo.planer' is not an attribute of the echo dialect}}
func.func @misspelled() attributes {echo.planer = "best-fit by size"} {
  return
}

// -----

// Well-formed uses verify.
module attributes {echo.alloc_sites = ["stashed|echo.relu"]} {
  func.func @fine(%w: tensor<4xf32> {echo.trainable}, %m: tensor<4xf32> {echo.optimizer_state})
      -> (tensor<4xf32> {echo.update_of = 0 : i64})
      attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 256, planner = "best-fit by size">,
                  echo.step_stats = {ops = 1 : i64},
                  echo.simulated_step = {step = 1.0e-03 : f64},
                  echo.budget_plan = {budget = 4096 : i64, gist = "fp8"}} {
    %0 = echo.relu %w {echo.category = [#echo.category<stashed>], echo.density = 5.0e-01 : f64} : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// A valid plan: two slots that share bytes but not time, and an in-place
// view that shares a slot (and offset) with the buffer it replaces.
func.func @plan_fine(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 128, lower_bound = 64, planner = "best-fit">} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %a = memref.view %arena[%c0][] {echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 0, bytes = 64, first = 0, last = 1, slot = 0>} : memref<512xi8> to memref<16xf32>
  %b = memref.view %arena[%c0][] {echo.slice = #echo.slice<offset = 0, bytes = 64, first = 1, last = 2, slot = 0>} : memref<512xi8> to memref<16xf32>
  %c = memref.view %arena[%c0][] {echo.slice = #echo.slice<offset = 0, bytes = 64, first = 3, last = 4, slot = 1>} : memref<512xi8> to memref<16xf32>
  %d = memref.view %arena[%c64][] {echo.slice = #echo.slice<offset = 64, bytes = 64, first = 0, last = 4, slot = 2>} : memref<512xi8> to memref<16xf32>
  return
}
