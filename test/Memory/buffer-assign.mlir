// echo-buffer-assign on hand-written, bufferized functions: exact offsets,
// lifetimes (program points = op indices in the entry block, starting at 0)
// and slots on the views, and the arena size on the function.
// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-buffer-assign))' | FileCheck %s
// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-buffer-assign{in-place=false}))' | FileCheck %s --check-prefix=NOINPLACE
// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-buffer-assign{alignment=64}))' | FileCheck %s --check-prefix=ALIGN64

// Runtime-like entries. Calls to echo_unary(kind, in, out) and
// echo_binary(kind, a, b, out) carry the echo.in_place pairs the lowering
// sets (positions among the memref operands); echo_reduce(in, out) calls
// carry none, so they never run in place.
func.func private @echo_unary(i64, memref<*xf32>, memref<*xf32>)
func.func private @echo_binary(i64, memref<*xf32>, memref<*xf32>, memref<*xf32>)
func.func private @echo_reduce(memref<*xf32>, memref<*xf32>)

// Disjoint lifetimes share offset 0. %0 lives [1, 4] (alloc to the call
// reading it), %1 [5, 8]; 256 bytes each; one 256-byte arena. Views at one
// offset share one constant, placed before the first of them.
// CHECK-LABEL: func.func @disjoint
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 256, lower_bound = 256,
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 256 : i64{{.*}}echo.category = #echo.category<arena>} : memref<256xi8>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: %[[OFFSET:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.view %[[ARENA]][%[[OFFSET]]][] {echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 0, bytes = 256, first = 1, last = 4, slot = 0>} : memref<256xi8> to memref<64xf32>
// CHECK-NOT: arith.constant
// CHECK: memref.view %[[ARENA]][%[[OFFSET]]][] {echo.category = #echo.category<immediate>, echo.slice = #echo.slice<offset = 0, bytes = 256, first = 5, last = 8, slot = 1>} : memref<256xi8> to memref<64xf32>
// CHECK-NOT: memref.alloc()
// CHECK: return
func.func @disjoint(%a: memref<64xf32>, %r: memref<1xf32>) {
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %0 = memref.alloc() {echo.category = #echo.category<immediate>} : memref<64xf32>
  %c0 = memref.cast %0 : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %c0) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c0, %ca) : (memref<*xf32>, memref<*xf32>) -> ()
  %1 = memref.alloc() {echo.category = #echo.category<immediate>} : memref<64xf32>
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %c1) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c1, %ca) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// Overlapping lifetimes stack, each offset rounded up to the 256-byte
// alignment. Largest first: %0 (512 bytes, [0, 7]) at 0, %2 (256 bytes,
// [2, 8]) at 512, %1 (12 bytes, [1, 9]) at 768. The arena's 780 bytes are
// rounded up to a multiple of the alignment (1024); the lower bound counts
// each buffer's aligned size (512 + 256 + 256 = 1024), since aligned buffers
// cannot share an alignment block. With 64-byte alignment the arena is 832
// bytes.
// CHECK-LABEL: func.func @stack
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 1024, lower_bound = 1024,
// CHECK: memref.alloc() {{.*}} : memref<1024xi8>
// CHECK: memref.view {{.*}}[%c0][] {echo.slice = #echo.slice<offset = 0, bytes = 512, first = 0, last = 7, slot = 0>} : memref<1024xi8> to memref<128xf32>
// CHECK: memref.view {{.*}}[%c768][] {echo.slice = #echo.slice<offset = 768, bytes = 12, first = 1, last = 9, slot = 1>} : memref<1024xi8> to memref<3xf32>
// CHECK: memref.view {{.*}}[%c512][] {echo.slice = #echo.slice<offset = 512, bytes = 256, first = 2, last = 8, slot = 2>} : memref<1024xi8> to memref<64xf32>
// ALIGN64-LABEL: func.func @stack
// ALIGN64-SAME: echo.arena_plan = #echo.arena_plan<bytes = 832, lower_bound = 832,
// ALIGN64: memref.alloc() {alignment = 64 : i64{{.*}} : memref<832xi8>
// ALIGN64: echo.slice = #echo.slice<offset = 0,
// ALIGN64: echo.slice = #echo.slice<offset = 768,
// ALIGN64: echo.slice = #echo.slice<offset = 512,
func.func @stack(%r: memref<1xf32>) {
  %0 = memref.alloc() : memref<128xf32>
  %1 = memref.alloc() : memref<3xf32>
  %2 = memref.alloc() : memref<64xf32>
  %c0 = memref.cast %0 : memref<128xf32> to memref<*xf32>
  %c1 = memref.cast %1 : memref<3xf32> to memref<*xf32>
  %c2 = memref.cast %2 : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%c0, %c1) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c0, %c2) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c2, %c1) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c1, %c1) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// In place: the input of the second echo_unary (%0) dies at that call, so
// its output (%1) takes %0's slot: both views at offset 0, slot 0, and one
// 256-byte arena. The lifetimes overlap (the output is allocated before the
// call), which the slot makes legal: from the call on, %1 owns the bytes.
// Without in-place reuse the two get separate slots.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 256, lower_bound = 256,
// CHECK: echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = 1, last = 7, slot = 0>
// CHECK: echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = 2, last = 8, slot = 0>
// NOINPLACE-LABEL: func.func @in_place
// NOINPLACE-SAME: echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 512,
// NOINPLACE: echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = 1, last = 7, slot = 0>
// NOINPLACE: echo.slice = #echo.slice<offset = 256, bytes = {{[0-9]+}}, first = 2, last = 8, slot = 1>
func.func @in_place(%a: memref<64xf32>) {
  %k = arith.constant 1 : i64
  %0 = memref.alloc() : memref<64xf32>
  %1 = memref.alloc() : memref<64xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %c0 = memref.cast %0 : memref<64xf32> to memref<*xf32>
  call @echo_unary(%k, %ca, %c0) {echo.in_place = array<i64: 0, 1>} : (i64, memref<*xf32>, memref<*xf32>) -> ()
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  call @echo_unary(%k, %c0, %c1) {echo.in_place = array<i64: 0, 1>} : (i64, memref<*xf32>, memref<*xf32>) -> ()
  call @echo_unary(%k, %c1, %ca) {echo.in_place = array<i64: 0, 1>} : (i64, memref<*xf32>, memref<*xf32>) -> ()
  return
}

// Not in place: %0 is still read after the echo_unary that reads it (by
// the echo_binary at point 8), so %1 cannot take its slot.
// CHECK-LABEL: func.func @not_in_place
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 512, lower_bound = 512,
// CHECK: echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = 1, last = 8, slot = 0>
// CHECK: echo.slice = #echo.slice<offset = 256, bytes = {{[0-9]+}}, first = 2, last = 8, slot = 1>
func.func @not_in_place(%a: memref<64xf32>) {
  %k = arith.constant 1 : i64
  %0 = memref.alloc() : memref<64xf32>
  %1 = memref.alloc() : memref<64xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %c0 = memref.cast %0 : memref<64xf32> to memref<*xf32>
  call @echo_unary(%k, %ca, %c0) {echo.in_place = array<i64: 0, 1>} : (i64, memref<*xf32>, memref<*xf32>) -> ()
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  call @echo_unary(%k, %c0, %c1) {echo.in_place = array<i64: 0, 1>} : (i64, memref<*xf32>, memref<*xf32>) -> ()
  call @echo_binary(%k, %c0, %c1, %ca) {echo.in_place = array<i64: 0, 2, 1, 2>} : (i64, memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
  return
}

// In place through the second operand of echo_binary (pairs (0, out) and
// (1, out)): %1 dies at the binary at point 9, %2 takes its slot; %0 is
// read later, so it keeps its own. Slots need equal sizes: %3 (128 bytes),
// allocated when %1's slot is taken, gets its own.
// CHECK-LABEL: func.func @binary_second_operand
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 768, lower_bound = 768,
// CHECK: echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = 1, last = 13, slot = 0>
// CHECK: echo.slice = #echo.slice<offset = 256, bytes = {{[0-9]+}}, first = 2, last = 9, slot = 1>
// CHECK: echo.slice = #echo.slice<offset = 256, bytes = {{[0-9]+}}, first = 3, last = 13, slot = 1>
// CHECK: echo.slice = #echo.slice<offset = 512, bytes = {{[0-9]+}}, first = 10, last = 12, slot = 2>
func.func @binary_second_operand(%a: memref<64xf32>) {
  %k = arith.constant 0 : i64
  %0 = memref.alloc() : memref<64xf32>
  %1 = memref.alloc() : memref<64xf32>
  %2 = memref.alloc() : memref<64xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %c0 = memref.cast %0 : memref<64xf32> to memref<*xf32>
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  %c2 = memref.cast %2 : memref<64xf32> to memref<*xf32>
  call @echo_binary(%k, %ca, %ca, %c1) {echo.in_place = array<i64: 0, 2, 1, 2>} : (i64, memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
  call @echo_binary(%k, %c0, %c1, %c2) {echo.in_place = array<i64: 0, 2, 1, 2>} : (i64, memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
  %3 = memref.alloc() : memref<32xf32>
  %c3 = memref.cast %3 : memref<32xf32> to memref<*xf32>
  call @echo_reduce(%c2, %c3) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_binary(%k, %c0, %c2, %ca) {echo.in_place = array<i64: 0, 2, 1, 2>} : (i64, memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
  return
}

// Buffers that escape (returned) or have dynamic shapes keep their own
// allocations; the others are still planned.
// CHECK-LABEL: func.func @escaping
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 256,
// CHECK: memref.alloc() {{.*}}: memref<256xi8>
// CHECK: memref.alloc() : memref<8xf32>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.view {{.*}}echo.slice = #echo.slice<offset = 0,
// CHECK: return %{{.*}} : memref<8xf32>
func.func @escaping(%a: memref<64xf32>, %n: index) -> memref<8xf32> {
  %0 = memref.alloc() : memref<8xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %1 = memref.alloc() : memref<64xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %c0 = memref.cast %0 : memref<8xf32> to memref<*xf32>
  %cd = memref.cast %d : memref<?xf32> to memref<*xf32>
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %c1) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%c1, %cd) : (memref<*xf32>, memref<*xf32>) -> ()
  call @echo_reduce(%cd, %c0) : (memref<*xf32>, memref<*xf32>) -> ()
  return %0 : memref<8xf32>
}

// A use inside a region counts at the op that holds it, and a cast made
// inside the region is still an alias: %0 lives [0, 5] (its only use is in
// the scf.execute_region at point 5), %1 [1, 5]; they overlap.
// CHECK-LABEL: func.func @nested_use
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 512,
// CHECK: echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = 0, last = 5, slot = 0>
// CHECK: echo.slice = #echo.slice<offset = 256, bytes = {{[0-9]+}}, first = 1, last = 5, slot = 1>
func.func @nested_use(%a: memref<64xf32>) {
  %0 = memref.alloc() : memref<64xf32>
  %1 = memref.alloc() : memref<64xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %c1 = memref.cast %1 : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %c1) : (memref<*xf32>, memref<*xf32>) -> ()
  scf.execute_region {
    %c0 = memref.cast %0 : memref<64xf32> to memref<*xf32>
    func.call @echo_reduce(%c1, %c0) : (memref<*xf32>, memref<*xf32>) -> ()
    scf.yield
  }
  return
}

// A buffer stored into, directly or through a cast, escapes the planner's
// model and keeps its allocation; the other is planned.
// CHECK-LABEL: func.func @stored
// CHECK-SAME: echo.arena_plan = #echo.arena_plan<bytes = 256,
// CHECK-DAG: memref.alloc() : memref<4xf32>
// CHECK-DAG: memref.alloc() : memref<8xf32>
// CHECK-DAG: echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = {{[0-9]+}}, first = 2, last = 8, slot = {{[0-9]+}}>
func.func @stored(%a: memref<64xf32>, %f: f32, %i: index) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloc() : memref<8xf32>
  %2 = memref.alloc() : memref<64xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  %d1 = memref.cast %1 : memref<8xf32> to memref<?xf32>
  memref.store %f, %d1[%i] : memref<?xf32>
  %ca = memref.cast %a : memref<64xf32> to memref<*xf32>
  %c2 = memref.cast %2 : memref<64xf32> to memref<*xf32>
  call @echo_reduce(%ca, %c2) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// A function without plannable buffers is left alone: no arena, no
// attributes.
// CHECK-LABEL: func.func @nothing_to_plan
// CHECK-NOT: echo.arena_bytes
// CHECK-NEXT: return
func.func @nothing_to_plan(%a: memref<64xf32>) {
  return
}
