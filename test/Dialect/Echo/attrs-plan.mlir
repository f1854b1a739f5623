// The typed plan and category attributes print as they parse, and a plan
// written by echo-buffer-assign parses back and verifies.
// RUN: echo-opt %s | FileCheck %s
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --echo-buffer-assign | echo-opt | FileCheck %s --check-prefix=ASSIGN

// CHECK-LABEL: func.func @planned
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 256, planner = "best-fit by size">
// CHECK: memref.view %{{.*}} {echo.category = #echo.category<stashed>, echo.slice = #echo.slice<offset = 256, bytes = 256, first = 2, last = 9, slot = 1>}
func.func @planned(%arena: memref<512xi8>) attributes {echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 256, planner = "best-fit by size">} {
  %c256 = arith.constant 256 : index
  %v = memref.view %arena[%c256][] {echo.slice = #echo.slice<offset = 256, bytes = 256, first = 2, last = 9, slot = 1>, echo.category = #echo.category<stashed>} : memref<512xi8> to memref<64xf32>
  return
}

// Every category name the runtime declares.
// CHECK-LABEL: func.func @categories
// CHECK-SAME: [#echo.category<weights>, #echo.category<weight_gradients>, #echo.category<optimizer_state>, #echo.category<inputs>, #echo.category<stashed>, #echo.category<encoded>, #echo.category<immediate>, #echo.category<gradient_maps>, #echo.category<workspace>, #echo.category<host>, #echo.category<arena>, #echo.category<weight_copies>]
func.func @categories() attributes {all = [#echo.category<weights>, #echo.category<weight_gradients>, #echo.category<optimizer_state>, #echo.category<inputs>, #echo.category<stashed>, #echo.category<encoded>, #echo.category<immediate>, #echo.category<gradient_maps>, #echo.category<workspace>, #echo.category<host>, #echo.category<arena>, #echo.category<weight_copies>]} {
  return
}

// ASSIGN-LABEL: func.func @step
// ASSIGN-SAME: echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 512, planner =
// ASSIGN: echo.category = #echo.category<arena>
// ASSIGN: echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 0, bytes = 256, first = 1, last = 6, slot = 0>
// ASSIGN: echo.category = #echo.category<stashed>, echo.slice = #echo.slice<offset = 256, bytes = 256, first = 2, last = 7, slot = 1>
func.func private @echo_reduce(memref<*xf32>, memref<*xf32>)
func.func @step(%a: memref<64xf32>) {
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %0 = memref.alloc() {echo.category = #echo.category<immediate>} : memref<64xf32>
  %1 = memref.alloc() {echo.category = #echo.category<stashed>} : memref<64xf32>
  %c0 = memref.cast %0 : memref<64xf32> to memref<*xf32>
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %c0) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c0, %c1) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c1, %ca) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}
