// --capacity: an allocation that would exceed the device capacity ends the run
// with exit status 4 and a message naming the allocation.
//
// Argument and result buffers are allocated by echo-run first (arguments in
// order, then results). With 1000 bytes, arguments #0 (512 bytes) and #1 (32)
// fit and argument #2 (1024 bytes) does not.
// RUN: echo-opt %s --echo-autodiff --mlir-print-debuginfo > %t.step.mlir
// RUN: not echo-run --capacity 1000 %t.step.mlir 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: out of memory: cannot allocate 1024 bytes for argument #2 of @train_step: 544 of 1000 bytes in use
// RUN: python3 %S/Inputs/exit_code.py echo-run --capacity 1000 %t.step.mlir | FileCheck %s --check-prefix=STATUS
// STATUS: out of memory
// STATUS: exit code 4
//
// Arguments and results take 1888 + 1348 = 3236 bytes. One byte more lets
// them fit, and the first buffer the step itself allocates does not. The step
// keeps the locations of this file (--mlir-print-debuginfo).
//
// With --no-buffer-assign every temporary is its own allocation: the first is
// the result of the first linear, and the message names its type, op and
// source location.
// RUN: not echo-run --no-buffer-assign --capacity 3237 %t.step.mlir 2>&1 | FileCheck %s --check-prefix=OP
// OP: echo-run: runtime error in step 0 of @train_step: echo_alloc: out of memory: cannot allocate {{[0-9]+}} bytes for memref<8x16xf32> for echo.linear at loc("{{.*}}capacity.mlir":[[@LINE+28]]:8): 3236 of 3237 bytes in use
// RUN: python3 %S/Inputs/exit_code.py echo-run --no-buffer-assign --capacity 3237 %t.step.mlir | FileCheck %s --check-prefix=STATUS
//
// By default the temporaries live in one planned arena, a byte buffer
// allocated at the start of the step and named by the location of the
// function (@train_step keeps the location of this forward function).
// RUN: not echo-run --capacity 3237 %t.step.mlir 2>&1 | FileCheck %s --check-prefix=ARENA
// ARENA: echo-run: runtime error in step 0 of @train_step: echo_alloc: out of memory: cannot allocate {{[0-9]+}} bytes for memref<{{[0-9]+}}xi8> {{.*}}at loc("{{.*}}capacity.mlir":[[@LINE+18]]:1): 3236 of 3237 bytes in use
// RUN: python3 %S/Inputs/exit_code.py echo-run --capacity 3237 %t.step.mlir | FileCheck %s --check-prefix=STATUS
//
// Without a capacity, or with capacity 0 (unlimited), the same step runs.
// RUN: echo-run %t.step.mlir --print-loss | FileCheck %s --check-prefix=RUNS
// RUN: echo-run --capacity 0 %t.step.mlir --print-loss | FileCheck %s --check-prefix=RUNS
// RUN: echo-run --no-buffer-assign %t.step.mlir --print-loss | FileCheck %s --check-prefix=RUNS
// RUNS: iter 0 loss
// RUNS-NOT: out of memory
//
// The capacity check and the measured peak agree: a capacity equal to the
// peak is enough, one byte less is not.
// RUN: python3 %S/Inputs/capacity_boundary.py echo-run %t.step.mlir | FileCheck %s --check-prefix=BOUNDARY
// RUN: python3 %S/Inputs/capacity_boundary.py echo-run %t.step.mlir --no-buffer-assign | FileCheck %s --check-prefix=BOUNDARY
// BOUNDARY: peak_bytes
// BOUNDARY-NEXT: capacity = peak: ok
// BOUNDARY-NEXT: capacity = peak - 1: out of memory, exit code 4

func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
               %w1: tensor<16x16xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
               %w2: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %r = echo.tanh %h : tensor<8x16xf32>
  %o = echo.linear %r, %w2 : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
