// A result buffer that reaches the lowering without a place in the arena
// would be freed with the step: echo-runtime-context refuses it.
// RUN: echo-opt %s -verify-diagnostics --echo-runtime-context

func.func @step() {
  // expected-error@+1 {{holds a step result but was not placed in the arena (run echo-buffer-assign)}}
  %g = memref.alloc() {echo.arena_result = 0 : i64} : memref<4xf32>
  return
}
