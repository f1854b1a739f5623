// echo-buffer-assign on a function it planned before (the training
// pipeline, then echo-lower-to-cpu's own buffer-assign): with nothing new to
// place the plan stands; with new buffers, the old arena becomes one buffer
// of a new plan and the old views lose their slices, so the dialect's check
// of the plan (slices against #echo.arena_plan) holds.
// RUN: echo-opt %s -split-input-file --echo-buffer-assign | FileCheck %s
// RUN: echo-opt %s -split-input-file --echo-buffer-assign --echo-buffer-assign | FileCheck %s

func.func private @echo_reduce(memref<*xf32>, memref<*xf32>)

// CHECK-LABEL: func.func @planned
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 256, lower_bound = 256, planner = "best-fit by size">
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 256 : i64, echo.category = #echo.category<arena>} : memref<256xi8>
// CHECK: memref.view %[[ARENA]]{{.*}}echo.slice = #echo.slice<offset = 0, bytes = 256, first = 1, last = 4, slot = 0>
func.func @planned(%a: memref<64xf32>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 256, lower_bound = 256, planner = "best-fit by size">} {
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %arena = memref.alloc() {alignment = 256 : i64, echo.category = #echo.category<arena>} : memref<256xi8>
  %c0 = arith.constant 0 : index
  %v = memref.view %arena[%c0][] {echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 0, bytes = 256, first = 1, last = 4, slot = 0>} : memref<256xi8> to memref<64xf32>
  %cv = memref.cast %v : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %cv) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%cv, %ca) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// -----

func.func private @echo_reduce(memref<*xf32>, memref<*xf32>)

// CHECK-LABEL: func.func @planned_plus_new
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 512,
// CHECK: %[[NEW:.*]] = memref.alloc() {alignment = 256 : i64, {{.*}}echo.category = #echo.category<arena>} : memref<512xi8>
// CHECK: %[[OLD:.*]] = memref.view %[[NEW]]{{.*}}echo.category = #echo.category<arena>, echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = 256,
// CHECK: memref.view %[[OLD]][%{{.*}}][] {echo.category = #echo.category<immediate>} : memref<256xi8> to memref<64xf32>
// CHECK: memref.view %[[NEW]]{{.*}}echo.category = #echo.category<stashed>, echo.slice = #echo.slice<
func.func @planned_plus_new(%a: memref<64xf32>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 256, lower_bound = 256, planner = "best-fit by size">} {
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %arena = memref.alloc() {alignment = 256 : i64, echo.category = #echo.category<arena>} : memref<256xi8>
  %c0 = arith.constant 0 : index
  %v = memref.view %arena[%c0][] {echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 0, bytes = 256, first = 1, last = 4, slot = 0>} : memref<256xi8> to memref<64xf32>
  %cv = memref.cast %v : memref<64xf32> to memref<*xf32>
  %n = memref.alloc() {echo.category = #echo.category<stashed>} : memref<64xf32>
  %cn = memref.cast %n : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %cv) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%cv, %cn) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%cn, %ca) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}
