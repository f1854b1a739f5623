// RUN: echo-opt %s -split-input-file -echo-fuse-light-loops | FileCheck %s

// relu then a product over the same 16 elements, in views of one arena:
// the product reads the relu's output at its own index, so one loop runs
// both bodies; the views between the loops move above it.
// CHECK-LABEL: func.func @vertical(
// CHECK: memref.view
// CHECK: memref.view
// CHECK: memref.view
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[N:.*]]) step
// CHECK:   arith.maximumf
// CHECK:   memref.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK:   memref.load %{{.*}}[%[[I]]]
// CHECK:   arith.mulf
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @vertical(%x: memref<16xf32>, %w: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %arena = memref.alloc() : memref<256xi8>
  %off0 = arith.constant 0 : index
  %y = memref.view %arena[%off0][] : memref<256xi8> to memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %x[%i] : memref<16xf32>
    %r = arith.maximumf %v, %zero : f32
    memref.store %r, %y[%i] : memref<16xf32>
    scf.reduce
  }
  %off64 = arith.constant 64 : index
  %z = memref.view %arena[%off64][] : memref<256xi8> to memref<16xf32>
  %y2 = memref.view %arena[%off0][] : memref<256xi8> to memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %a = memref.load %y2[%i] : memref<16xf32>
    %b = memref.load %w[%i] : memref<16xf32>
    %m = arith.mulf %a, %b : f32
    memref.store %m, %z[%i] : memref<16xf32>
    scf.reduce
  }
  return
}

// -----

// Two SGD-like updates of different sizes that share nothing written: one
// loop over 16 + 8 iterations, each choosing its segment.
// CHECK-LABEL: func.func @horizontal(
// CHECK: %[[C24:.*]] = arith.constant 24 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[C24]]) step
// CHECK:   %[[IN:.*]] = arith.cmpi ult, %[[I]], %{{.*}} : index
// CHECK:   scf.if %[[IN]] {
// CHECK:     memref.store %{{.*}}, %{{.*}}[%[[I]]] : memref<16xf32>
// CHECK:   } else {
// CHECK:     %[[J:.*]] = arith.subi %[[I]], %{{.*}} : index
// CHECK:     memref.store %{{.*}}, %{{.*}}[%[[J]]] : memref<8xf32>
// CHECK-NOT: scf.parallel
func.func @horizontal(%p: memref<16xf32>, %g: memref<16xf32>, %np: memref<16xf32>,
                      %q: memref<8xf32>, %h: memref<8xf32>, %nq: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %a = memref.load %p[%i] : memref<16xf32>
    %b = memref.load %g[%i] : memref<16xf32>
    %d = arith.subf %a, %b : f32
    memref.store %d, %np[%i] : memref<16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %a = memref.load %q[%i] : memref<8xf32>
    %b = memref.load %h[%i] : memref<8xf32>
    %d = arith.subf %a, %b : f32
    memref.store %d, %nq[%i] : memref<8xf32>
    scf.reduce
  }
  return
}

// -----

// Not fused: the second loop reads the first one's output at another index
// (a reversal), a call sits between the second and third loops, and the
// fourth loop writes bytes the third reads through an overlapping view.
// CHECK-LABEL: func.func @kept_apart(
// CHECK-COUNT-4: scf.parallel
func.func private @echo_fill(memref<*xf32>, f64)
func.func @kept_apart(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %arena = memref.alloc() : memref<256xi8>
  %off0 = arith.constant 0 : index
  %off32 = arith.constant 32 : index
  %off64 = arith.constant 64 : index
  %a = memref.view %arena[%off0][] : memref<256xi8> to memref<16xf32>
  %b = memref.view %arena[%off64][] : memref<256xi8> to memref<16xf32>
  %c = memref.view %arena[%off32][] : memref<256xi8> to memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %a[%i] : memref<16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %j = arith.subi %c15, %i : index
    %v = memref.load %a[%j] : memref<16xf32>
    memref.store %v, %b[%i] : memref<16xf32>
    scf.reduce
  }
  %bu = memref.cast %b : memref<16xf32> to memref<*xf32>
  %one = arith.constant 1.0 : f64
  call @echo_fill(%bu, %one) : (memref<*xf32>, f64) -> ()
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %a[%i] : memref<16xf32>
    memref.store %v, %x[%i] : memref<16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %c[%i] : memref<16xf32>
    scf.reduce
  }
  return
}

// -----

// A runtime call on bytes the loops do not touch lies between two loops:
// the first moves down past it, and the fused loop stands after the call.
// CHECK-LABEL: func.func @across_call(
// CHECK: call @echo_fill
// CHECK: scf.parallel
// CHECK:   memref.store
// CHECK:   memref.load
// CHECK-NOT: scf.parallel
func.func private @echo_fill(memref<*xf32>, f64)
func.func @across_call(%x: memref<16xf32>, %z: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %arena = memref.alloc() : memref<256xi8>
  %off0 = arith.constant 0 : index
  %off64 = arith.constant 64 : index
  %y = memref.view %arena[%off0][] : memref<256xi8> to memref<16xf32>
  %other = memref.view %arena[%off64][] : memref<256xi8> to memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %y[%i] : memref<16xf32>
    scf.reduce
  }
  %ou = memref.cast %other : memref<16xf32> to memref<*xf32>
  %one = arith.constant 1.0 : f64
  call @echo_fill(%ou, %one) : (memref<*xf32>, f64) -> ()
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %y[%i] : memref<16xf32>
    memref.store %v, %z[%i] : memref<16xf32>
    scf.reduce
  }
  return
}

// -----

// A per-channel kernel (2 channels of 4 elements; its element loop is
// partitioned over the 8 elements, echo.partition) between the loop that
// produces its input and a loop that consumes its output, each over the 8
// elements at their own index: both run inside the kernel, channel by
// channel, at the indices of the kernel's element loop (recomputed from the
// channel), the producer first; the view the consumer reads moves above.
// CHECK-LABEL: func.func @partitioned(
// CHECK:      memref.view
// CHECK:      memref.view
// CHECK:      memref.view
// CHECK:      scf.parallel (%[[C:.*]]) = (%{{.*}}) to (%{{.*}}) step
// CHECK-NEXT:   arith.constant 0 : index
// CHECK-NEXT:   arith.constant 1 : index
// CHECK-NEXT:   arith.constant 4 : index
// CHECK-NEXT:   scf.parallel (%[[K:.*]]) =
// CHECK-NEXT:     %[[BASE:.*]] = arith.muli %[[C]], %{{.*}} : index
// CHECK-NEXT:     %[[AT:.*]] = arith.addi %[[BASE]], %[[K]] : index
// CHECK-NEXT:     memref.load %{{.*}}[%[[AT]]]
// CHECK-NEXT:     arith.negf
// CHECK-NEXT:     memref.store %{{.*}}, %{{.*}}[%[[AT]]]
// CHECK:        scf.parallel {{.*}} init
// CHECK:        } {echo.partition = 8 : i64}
// CHECK:        scf.parallel (%[[K2:.*]]) =
// CHECK-NEXT:     %[[BASE2:.*]] = arith.muli %[[C]], %{{.*}} : index
// CHECK-NEXT:     %[[AT2:.*]] = arith.addi %[[BASE2]], %[[K2]] : index
// CHECK-NEXT:     memref.load %{{.*}}[%[[AT2]]]
// CHECK-NEXT:     arith.mulf
// CHECK-NEXT:     memref.store %{{.*}}, %{{.*}}[%[[AT2]]]
// CHECK:      return
func.func @partitioned(%in: memref<8xf32>, %out: memref<8xf32>, %s: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %arena = memref.alloc() : memref<64xi8>
  %off0 = arith.constant 0 : index
  %off32 = arith.constant 32 : index
  %x = memref.view %arena[%off0][] : memref<64xi8> to memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %in[%i] : memref<8xf32>
    %n = arith.negf %v : f32
    memref.store %n, %x[%i] : memref<8xf32>
    scf.reduce
  }
  %y = memref.view %arena[%off32][] : memref<64xi8> to memref<8xf32>
  scf.parallel (%c) = (%c0) to (%c2) step (%c1) {
    %base = arith.muli %c, %c4 : index
    %sum = scf.parallel (%k) = (%c0) to (%c4) step (%c1) init (%zero) -> f32 {
      %at = arith.addi %base, %k : index
      %v = memref.load %x[%at] : memref<8xf32>
      scf.reduce(%v : f32) {
      ^bb0(%a: f32, %b: f32):
        %r = arith.addf %a, %b : f32
        scf.reduce.return %r : f32
      }
    }
    memref.store %sum, %s[%c] : memref<2xf32>
    scf.parallel (%k) = (%c0) to (%c4) step (%c1) {
      %at = arith.addi %base, %k : index
      %v = memref.load %x[%at] : memref<8xf32>
      %d = arith.subf %v, %sum : f32
      memref.store %d, %y[%at] : memref<8xf32>
      scf.reduce
    } {echo.partition = 8 : i64}
    scf.reduce
  }
  %y2 = memref.view %arena[%off32][] : memref<64xi8> to memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %y2[%i] : memref<8xf32>
    %m = arith.mulf %v, %two : f32
    memref.store %m, %out[%i] : memref<8xf32>
    scf.reduce
  }
  return
}

// -----

// Kept out: the producer also writes the kernel's [2] output (not one of
// its partitioned buffers), and the consumer reads the kernel's output in
// reverse, outside its own channel's part.
// CHECK-LABEL: func.func @partition_kept_apart(
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[N8:.*]]) step
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step
// CHECK: } {echo.partition = 8 : i64}
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[N8]]) step
func.func @partition_kept_apart(%in: memref<8xf32>, %out: memref<8xf32>, %s: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %arena = memref.alloc() : memref<64xi8>
  %off0 = arith.constant 0 : index
  %off32 = arith.constant 32 : index
  %x = memref.view %arena[%off0][] : memref<64xi8> to memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %in[%i] : memref<8xf32>
    %n = arith.negf %v : f32
    memref.store %n, %x[%i] : memref<8xf32>
    memref.store %n, %s[%c0] : memref<2xf32>
    scf.reduce
  }
  %y = memref.view %arena[%off32][] : memref<64xi8> to memref<8xf32>
  scf.parallel (%c) = (%c0) to (%c2) step (%c1) {
    %base = arith.muli %c, %c4 : index
    %sum = scf.parallel (%k) = (%c0) to (%c4) step (%c1) init (%zero) -> f32 {
      %at = arith.addi %base, %k : index
      %v = memref.load %x[%at] : memref<8xf32>
      scf.reduce(%v : f32) {
      ^bb0(%a: f32, %b: f32):
        %r = arith.addf %a, %b : f32
        scf.reduce.return %r : f32
      }
    }
    memref.store %sum, %s[%c] : memref<2xf32>
    scf.parallel (%k) = (%c0) to (%c4) step (%c1) {
      %at = arith.addi %base, %k : index
      %v = memref.load %x[%at] : memref<8xf32>
      %d = arith.subf %v, %sum : f32
      memref.store %d, %y[%at] : memref<8xf32>
      scf.reduce
    } {echo.partition = 8 : i64}
    scf.reduce
  }
  %y2 = memref.view %arena[%off32][] : memref<64xi8> to memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %c7 = arith.constant 7 : index
    %j = arith.subi %c7, %i : index
    %v = memref.load %y2[%j] : memref<8xf32>
    %m = arith.mulf %v, %two : f32
    memref.store %m, %out[%i] : memref<8xf32>
    scf.reduce
  }
  return
}
