// echo-sink-updates on hand-written, bufferized steps: each optimizer
// update moves down while the live bytes it passes (slots rounded up to
// 256 bytes) plus its dying gradient stay at most the step's peak, and
// never past an op that uses the argument it writes.
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(echo-sink-updates))' | FileCheck %s
// The plan after it: the arena of the order as written (512 B each).
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(echo-sink-updates,echo-buffer-assign))' | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(echo-buffer-assign))' | FileCheck %s --check-prefix=PLAN
// PLAN-LABEL: func.func @to_the_end
// PLAN-SAME: #echo.arena_plan<bytes = 512, lower_bound = 512,
// PLAN-LABEL: func.func @stop_before_the_peak
// PLAN-SAME: #echo.arena_plan<bytes = 512, lower_bound = 512,
// PLAN-LABEL: func.func @stop_at_a_reader
// PLAN-SAME: #echo.arena_plan<bytes = 512, lower_bound = 512,

func.func private @echo_fill(memref<*xf32>, f64)
func.func private @echo_copy(memref<*xf32>, memref<*xf32>)
func.func private @echo_sgd_update(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64)

// The peak (512 B: %big and %g) is behind the update; after it %t and %g
// hold 512 B at most, so the update waits for the end of the step.
// CHECK-LABEL: func.func @to_the_end
// CHECK: call @echo_copy(%[[BIG:.*]], %[[G:.*]]) :
// CHECK-NOT: call @echo_sgd_update
// CHECK: call @echo_fill(%[[T:.*]], %{{.*}}) :
// CHECK-NEXT: memref.cast
// CHECK-NEXT: call @echo_copy(%[[T]], %{{.*}}) :
// CHECK-NEXT: call @echo_sgd_update(%{{.*}}, %[[G]],
// CHECK-NEXT: return
func.func @to_the_end(%w: memref<16xf32>, %out: memref<32xf32>, %w_new: memref<16xf32> {echo.update_of = 0 : i64}) {
  %lr = arith.constant 1.0e-01 : f64
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i64
  %big = memref.alloc() : memref<64xf32>
  %bigc = memref.cast %big : memref<64xf32> to memref<*xf32>
  call @echo_fill(%bigc, %lr) : (memref<*xf32>, f64) -> ()
  %g = memref.alloc() : memref<16xf32>
  %gc = memref.cast %g : memref<16xf32> to memref<*xf32>
  call @echo_copy(%bigc, %gc) : (memref<*xf32>, memref<*xf32>) -> ()
  %wc = memref.cast %w : memref<16xf32> to memref<*xf32>
  %nc = memref.cast %w_new : memref<16xf32> to memref<*xf32>
  call @echo_sgd_update(%wc, %gc, %wc, %nc, %nc, %lr, %zero, %zero, %c0) {echo.in_place = array<i64: 0, 3>} : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64) -> ()
  %t = memref.alloc() : memref<32xf32>
  %tc = memref.cast %t : memref<32xf32> to memref<*xf32>
  call @echo_fill(%tc, %lr) : (memref<*xf32>, f64) -> ()
  %outc = memref.cast %out : memref<32xf32> to memref<*xf32>
  call @echo_copy(%tc, %outc) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// -----

func.func private @echo_fill(memref<*xf32>, f64)
func.func private @echo_copy(memref<*xf32>, memref<*xf32>)
func.func private @echo_sgd_update(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64)

// The peak (512 B: %big alone) comes after both updates: each stops at
// %big's allocation, where its gradient would add 256 B, so the two end up
// next to each other (the first moved past the second).
// CHECK-LABEL: func.func @stop_before_the_peak
// CHECK: call @echo_fill(%[[G1:.*]], %{{.*}}) :
// CHECK-NOT: call @echo_sgd_update
// CHECK: call @echo_fill(%[[G2:.*]], %{{.*}}) :
// CHECK-NEXT: memref.cast
// CHECK-NEXT: memref.cast
// CHECK-NEXT: call @echo_sgd_update(%{{.*}}, %[[G2]],
// CHECK-NEXT: call @echo_sgd_update(%{{.*}}, %[[G1]],
// CHECK-NEXT: memref.alloc() : memref<80xf32>
func.func @stop_before_the_peak(%w1: memref<16xf32>, %w2: memref<16xf32>, %out: memref<80xf32>, %w1_new: memref<16xf32> {echo.update_of = 0 : i64}, %w2_new: memref<16xf32> {echo.update_of = 1 : i64}) {
  %lr = arith.constant 1.0e-01 : f64
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i64
  %g1 = memref.alloc() : memref<16xf32>
  %g1c = memref.cast %g1 : memref<16xf32> to memref<*xf32>
  call @echo_fill(%g1c, %lr) : (memref<*xf32>, f64) -> ()
  %w1c = memref.cast %w1 : memref<16xf32> to memref<*xf32>
  %n1c = memref.cast %w1_new : memref<16xf32> to memref<*xf32>
  call @echo_sgd_update(%w1c, %g1c, %w1c, %n1c, %n1c, %lr, %zero, %zero, %c0) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64) -> ()
  %g2 = memref.alloc() : memref<16xf32>
  %g2c = memref.cast %g2 : memref<16xf32> to memref<*xf32>
  call @echo_fill(%g2c, %lr) : (memref<*xf32>, f64) -> ()
  %w2c = memref.cast %w2 : memref<16xf32> to memref<*xf32>
  %n2c = memref.cast %w2_new : memref<16xf32> to memref<*xf32>
  call @echo_sgd_update(%w2c, %g2c, %w2c, %n2c, %n2c, %lr, %zero, %zero, %c0) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64) -> ()
  %big = memref.alloc() : memref<80xf32>
  %bigc = memref.cast %big : memref<80xf32> to memref<*xf32>
  call @echo_fill(%bigc, %lr) : (memref<*xf32>, f64) -> ()
  %outc = memref.cast %out : memref<80xf32> to memref<*xf32>
  call @echo_copy(%bigc, %outc) : (memref<*xf32>, memref<*xf32>) -> ()
  return
}

// -----

func.func private @echo_fill(memref<*xf32>, f64)
func.func private @echo_copy(memref<*xf32>, memref<*xf32>)
func.func private @echo_sgd_update(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64)

// A later op reads the new parameter (through a cast of it): the update
// stops before that cast. The second update writes a buffer of the step,
// not an argument marked echo.update_of, and stays where it is.
// CHECK-LABEL: func.func @stop_at_a_reader
// CHECK: call @echo_fill(%[[G:.*]], %{{.*}}) :
// CHECK-NEXT: memref.cast
// CHECK-NEXT: memref.cast
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: call @echo_fill
// CHECK-NEXT: call @echo_sgd_update(%{{.*}}, %[[G]],
// CHECK-NEXT: memref.cast %{{.*}} : memref<16xf32> to memref<*xf32>
// CHECK-NEXT: memref.cast %{{.*}} : memref<16xf32> to memref<*xf32>
// CHECK-NEXT: call @echo_copy
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: memref.cast
// CHECK-NEXT: call @echo_sgd_update(%{{.*}}, %{{.*}}, %{{.*}}, %[[LOCAL:.*]], %[[LOCAL]],
// CHECK-NEXT: call @echo_fill
// CHECK-NEXT: return
func.func @stop_at_a_reader(%w: memref<16xf32>, %out: memref<16xf32>, %w_new: memref<16xf32> {echo.update_of = 0 : i64}) {
  %lr = arith.constant 1.0e-01 : f64
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i64
  %g = memref.alloc() : memref<16xf32>
  %gc = memref.cast %g : memref<16xf32> to memref<*xf32>
  call @echo_fill(%gc, %lr) : (memref<*xf32>, f64) -> ()
  %wc = memref.cast %w : memref<16xf32> to memref<*xf32>
  %nc = memref.cast %w_new : memref<16xf32> to memref<*xf32>
  call @echo_sgd_update(%wc, %gc, %wc, %nc, %nc, %lr, %zero, %zero, %c0) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64) -> ()
  %h = memref.alloc() : memref<16xf32>
  %hc = memref.cast %h : memref<16xf32> to memref<*xf32>
  call @echo_fill(%hc, %lr) : (memref<*xf32>, f64) -> ()
  %read = memref.cast %w_new : memref<16xf32> to memref<*xf32>
  %outc = memref.cast %out : memref<16xf32> to memref<*xf32>
  call @echo_copy(%read, %outc) : (memref<*xf32>, memref<*xf32>) -> ()
  %local = memref.alloc() : memref<16xf32>
  %lc = memref.cast %local : memref<16xf32> to memref<*xf32>
  call @echo_sgd_update(%wc, %hc, %wc, %lc, %lc, %lr, %zero, %zero, %c0) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64) -> ()
  call @echo_fill(%outc, %lr) : (memref<*xf32>, f64) -> ()
  return
}

// -----

func.func private @echo_fill(memref<*xf32>, f64)
func.func private @echo_sgd_update(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64)

// A planned step keeps its order: its slices' lifetimes are in it.
// CHECK-LABEL: func.func @planned
// CHECK: call @echo_sgd_update
// CHECK-NEXT: memref.cast
// CHECK-NEXT: call @echo_fill
func.func @planned(%w: memref<16xf32>, %g: memref<16xf32>, %out: memref<16xf32>, %w_new: memref<16xf32> {echo.update_of = 0 : i64}) attributes {echo.arena_plan = #echo.arena_plan<bytes = 0, lower_bound = 0, planner = "best-fit by size">} {
  %lr = arith.constant 1.0e-01 : f64
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i64
  %wc = memref.cast %w : memref<16xf32> to memref<*xf32>
  %gc = memref.cast %g : memref<16xf32> to memref<*xf32>
  %nc = memref.cast %w_new : memref<16xf32> to memref<*xf32>
  call @echo_sgd_update(%wc, %gc, %wc, %nc, %nc, %lr, %zero, %zero, %c0) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f64, f64, f64, i64) -> ()
  %outc = memref.cast %out : memref<16xf32> to memref<*xf32>
  call @echo_fill(%outc, %lr) : (memref<*xf32>, f64) -> ()
  return
}
