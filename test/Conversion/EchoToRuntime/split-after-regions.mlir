// echo-split-after-regions ends each block of a function body after every
// scf op that has more than the terminator behind it, joining the pieces
// with cf.br; regions nested in scf ops are left alone. Lowered to control
// flow, the step then runs the same ops in the same order (second RUN).
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(echo-split-after-regions))' | FileCheck %s
// RUN: echo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(echo-split-after-regions),convert-scf-to-cf)' | FileCheck %s --check-prefix=CF

func.func private @work(i32)
func.func private @note()

// CHECK-LABEL: func.func @checks
// CHECK:       call @work(%c1
// CHECK-NEXT:  scf.if
// CHECK-NEXT:    call @note()
// CHECK-NEXT:  }
// CHECK-NEXT:  cf.br ^[[B1:bb[0-9]+]]
// CHECK-NEXT: ^[[B1]]:
// CHECK-NEXT:  call @work(%c2
// CHECK-NEXT:  scf.if
// CHECK-NEXT:    call @note()
// CHECK-NEXT:  }
// CHECK-NEXT:  cf.br ^[[B2:bb[0-9]+]]
// CHECK-NEXT: ^[[B2]]:
// CHECK-NEXT:  call @work(%c3
// The last scf op has only the terminator behind it: no split.
// CHECK-NEXT:  scf.if
// CHECK-NEXT:    call @note()
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NOT:  cf.br
// CF-LABEL: func.func @checks
// CF:         call @work(%c1
// CF:         call @note()
// CF:         call @work(%c2
// CF:         call @note()
// CF:         call @work(%c3
// CF:         call @note()
// CF:         return
// CF-NOT:     scf.
func.func @checks(%failed: i1) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  func.call @work(%c1) : (i32) -> ()
  scf.if %failed {
    func.call @note() : () -> ()
  }
  func.call @work(%c2) : (i32) -> ()
  scf.if %failed {
    func.call @note() : () -> ()
  }
  func.call @work(%c3) : (i32) -> ()
  scf.if %failed {
    func.call @note() : () -> ()
  }
  return
}

// -----

func.func private @work(i32)
func.func private @note()

// A loop is split after too; the scf.if inside its body is not.
// CHECK-LABEL: func.func @loop
// CHECK:       scf.for
// CHECK-NEXT:    func.call @work
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      func.call @note()
// CHECK-NEXT:    }
// CHECK-NEXT:    func.call @work
// CHECK-NEXT:  }
// CHECK-NEXT:  cf.br ^[[B1:bb[0-9]+]]
// CHECK-NEXT: ^[[B1]]:
// CHECK-NEXT:  call @work
// CHECK-NEXT:  return
func.func @loop(%failed: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i32
  scf.for %i = %c0 to %n step %c1 {
    func.call @work(%v) : (i32) -> ()
    scf.if %failed {
      func.call @note() : () -> ()
    }
    func.call @work(%v) : (i32) -> ()
  }
  func.call @work(%v) : (i32) -> ()
  return
}

// -----

func.func private @work(i32)

// Without scf ops, and in declarations, nothing changes.
// CHECK-LABEL: func.func @straight
// CHECK-NEXT:  arith.constant
// CHECK-NEXT:  call @work
// CHECK-NEXT:  call @work
// CHECK-NEXT:  return
func.func @straight() {
  %v = arith.constant 7 : i32
  func.call @work(%v) : (i32) -> ()
  func.call @work(%v) : (i32) -> ()
  return
}
