// A buffer that holds a step result in the arena (echo.arena_result) must be
// placed by echo-buffer-assign; where it cannot be, the passes say so
// instead of freeing the result with the step.
// RUN: echo-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(echo-buffer-assign))'

// Not straight-line: echo-buffer-assign plans nothing here.
func.func @branches(%c: i1) {
  // expected-error@+1 {{holds a result of @branches in the arena, but echo-buffer-assign plans straight-line functions only}}
  %g = memref.alloc() {echo.arena_result = 0 : i64} : memref<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}

// -----

// Stored into memory it escapes the plan.
func.func @escapes(%p: memref<1xmemref<4xf32>>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{holds a result of @escapes in the arena but escapes the function}}
  %g = memref.alloc() {echo.arena_result = 0 : i64} : memref<4xf32>
  memref.store %g, %p[%c0] : memref<1xmemref<4xf32>>
  return
}
