// echo-dedupe-call-operands replaces each constant, memref.cast and
// memref.get_global by the first identical op before it in the same block;
// ops that differ in an operand, attribute or type, ops with side effects,
// and ops in other blocks stay.
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(echo-dedupe-call-operands))' | FileCheck %s

func.func private @echo_unary(i64, memref<*xf32>, memref<*xf32>)
func.func private @list(memref<*xi64>)
memref.global "private" constant @__echo_list_1_2 : memref<2xi64> = dense<[1, 2]>

// CHECK-LABEL: func.func @calls
// CHECK-SAME:   (%[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4xf32>)
// CHECK-NEXT:  %[[K1:.*]] = arith.constant 1 : i64
// CHECK-NEXT:  %[[CX:.*]] = memref.cast %[[X]] : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:  %[[CY:.*]] = memref.cast %[[Y]] : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:  call @echo_unary(%[[K1]], %[[CX]], %[[CY]])
// CHECK-NEXT:  call @echo_unary(%[[K1]], %[[CY]], %[[CX]])
// A constant of another value or type is its own op.
// CHECK-NEXT:  %[[K2:.*]] = arith.constant 2 : i64
// CHECK-NEXT:  call @echo_unary(%[[K2]], %[[CX]], %[[CX]])
// CHECK-NEXT:  %[[K1I32:.*]] = arith.constant 1 : i32
// CHECK-NEXT:  %[[L:.*]] = memref.get_global @__echo_list_1_2
// CHECK-NEXT:  %[[CL:.*]] = memref.cast %[[L]]
// CHECK-NEXT:  call @list(%[[CL]])
// CHECK-NEXT:  call @list(%[[CL]])
// CHECK-NEXT:  return %[[K1I32]]
func.func @calls(%x: memref<4xf32>, %y: memref<4xf32>) -> i32 {
  %k1 = arith.constant 1 : i64
  %cx = memref.cast %x : memref<4xf32> to memref<*xf32>
  %cy = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @echo_unary(%k1, %cx, %cy) : (i64, memref<*xf32>, memref<*xf32>) -> ()
  %k1b = arith.constant 1 : i64
  %cyb = memref.cast %y : memref<4xf32> to memref<*xf32>
  %cxb = memref.cast %x : memref<4xf32> to memref<*xf32>
  call @echo_unary(%k1b, %cyb, %cxb) : (i64, memref<*xf32>, memref<*xf32>) -> ()
  %k2 = arith.constant 2 : i64
  %cxc = memref.cast %x : memref<4xf32> to memref<*xf32>
  call @echo_unary(%k2, %cxc, %cxc) : (i64, memref<*xf32>, memref<*xf32>) -> ()
  %k1i32 = arith.constant 1 : i32
  %l = memref.get_global @__echo_list_1_2 : memref<2xi64>
  %cl = memref.cast %l : memref<2xi64> to memref<*xi64>
  call @list(%cl) : (memref<*xi64>) -> ()
  %l2 = memref.get_global @__echo_list_1_2 : memref<2xi64>
  %cl2 = memref.cast %l2 : memref<2xi64> to memref<*xi64>
  call @list(%cl2) : (memref<*xi64>) -> ()
  return %k1i32 : i32
}

// -----

func.func private @use(memref<*xf32>)

// Allocations have effects: two stay two. Casts in another block, or in a
// nested region, keep their own ops.
// CHECK-LABEL: func.func @effects_and_blocks
// CHECK:       memref.alloc
// CHECK-NEXT:  memref.alloc
// CHECK-NEXT:  memref.cast
// CHECK-NEXT:  call @use
// CHECK-NEXT:  scf.if
// CHECK-NEXT:    memref.cast
// CHECK-NEXT:    func.call @use
// CHECK-NEXT:  }
// CHECK-NEXT:  cf.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT:  memref.cast
// CHECK-NEXT:  call @use
// CHECK-NEXT:  return
func.func @effects_and_blocks(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %ca = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @use(%ca) : (memref<*xf32>) -> ()
  scf.if %c {
    %cn = memref.cast %a : memref<4xf32> to memref<*xf32>
    func.call @use(%cn) : (memref<*xf32>) -> ()
  }
  cf.br ^next
^next:
  %cb = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @use(%cb) : (memref<*xf32>) -> ()
  return
}

// -----

// Constants that differ only in location are merged; the first keeps its
// location.
// CHECK-LABEL: func.func @locations
// CHECK-NEXT:  %[[C:.*]] = arith.constant 3 : index
// CHECK-NEXT:  return %[[C]], %[[C]]
func.func @locations() -> (index, index) {
  %a = arith.constant 3 : index loc("a.mlir":1:1)
  %b = arith.constant 3 : index loc("b.mlir":2:2)
  return %a, %b : index, index
}
