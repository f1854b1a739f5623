// echo-free-after-last-use moves each dealloc of a buffer allocated in the
// same block to right after the buffer's last use (through casts and views);
// a buffer an unknown op may alias keeps its dealloc at the end.
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(echo-free-after-last-use))' | FileCheck %s

func.func private @use(memref<*xf32>)
func.func private @alias(memref<4xf32>) -> memref<4xf32>

// CHECK-LABEL: func.func @two_buffers
// CHECK:      %[[A:.*]] = memref.alloc
// CHECK-NEXT: %[[CA:.*]] = memref.cast %[[A]]
// CHECK-NEXT: call @use(%[[CA]])
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[A]]
// CHECK-NEXT: %[[CV:.*]] = memref.cast %[[V]]
// CHECK-NEXT: call @use(%[[CV]])
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: %[[B:.*]] = memref.alloc
// CHECK-NEXT: %[[CB:.*]] = memref.cast %[[B]]
// CHECK-NEXT: call @use(%[[CB]])
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: %[[C:.*]] = memref.alloc
// CHECK-NEXT: memref.dealloc %[[C]]
// CHECK-NEXT: %[[D:.*]] = memref.alloc
// CHECK-NEXT: call @alias(%[[D]])
// CHECK-NEXT: call @use(%[[X:.*]])
// CHECK-NEXT: memref.dealloc %[[D]]
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @two_buffers(%x: memref<*xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %ca = memref.cast %a : memref<8xf32> to memref<*xf32>
  call @use(%ca) : (memref<*xf32>) -> ()
  %v = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %cv = memref.cast %v : memref<4xf32, strided<[1]>> to memref<*xf32>
  call @use(%cv) : (memref<*xf32>) -> ()
  %b = memref.alloc() : memref<4xf32>
  %cb = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @use(%cb) : (memref<*xf32>) -> ()
  %c = memref.alloc() : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  %e = call @alias(%d) : (memref<4xf32>) -> memref<4xf32>
  call @use(%x) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  return
}

// -----

func.func private @use(memref<*xf32>)

// A dealloc in another block than its allocation stays where it is.
// CHECK-LABEL: func.func @nested
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @nested(%flag: i1) {
  %a = memref.alloc() : memref<4xf32>
  %ca = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @use(%ca) : (memref<*xf32>) -> ()
  scf.if %flag {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
