// Without --capacity the cpu backend's capacity is half the memory
// available (runtime/step/StepHost.h, defaultCapacity). A step whose plan
// does not fit fails at its planned arena with the out-of-memory error that
// names the planned bytes, the bytes in use and the capacity, says where the
// bound came from, and exits with status 4; the kernel's OOM killer never
// gets to it. ECHO_TEST_AVAILABLE_MEMORY replaces what "available" reads.
//
// Arguments and results take 1888 + 1348 = 3236 bytes (capacity.mlir): with
// 6474 bytes "available" the default capacity is 3237, so they fit and the
// arena does not.
// RUN: echo-opt %s --echo-autodiff --mlir-print-debuginfo > %t.step.mlir
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=6474 python3 %S/Inputs/exit_code.py echo-run %t.step.mlir | FileCheck %s --check-prefix=ARENA
// ARENA: echo-run: runtime error in step 0 of @train_step: echo_alloc: out of memory: cannot allocate {{[0-9]+}} bytes for memref<{{[0-9]+}}xi8> {{.*}}at loc("{{.*}}capacity-default-plan.mlir":[[@LINE+20]]:1): 3236 of 3237 bytes in use (the default --capacity, half the memory available now; --capacity=BYTES sets another, --capacity=0 lifts it)
// ARENA-NEXT: exit code 4
//
// Nothing available at all is still a bound (0 would mean unlimited): the
// first argument does not fit.
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=0 python3 %S/Inputs/exit_code.py echo-run %t.step.mlir | FileCheck %s --check-prefix=NONE
// NONE: echo-run: runtime error allocating argument #0 of @train_step: echo_mem_alloc: out of memory: cannot allocate 512 bytes for argument #0 of @train_step: 0 of 1 bytes in use (the default --capacity
// NONE-NEXT: exit code 4
//
// An explicit capacity overrides the default either way: enough runs the
// step, too little fails without the note about the default.
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=6474 echo-run %t.step.mlir --capacity 1000000 --print-loss | FileCheck %s --check-prefix=RUNS
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=6474 echo-run %t.step.mlir --capacity 0 --print-loss | FileCheck %s --check-prefix=RUNS
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=1000000 echo-run %t.step.mlir --print-loss | FileCheck %s --check-prefix=RUNS
// RUNS: iter 0 loss
// RUNS-NOT: out of memory
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=1000000 python3 %S/Inputs/exit_code.py echo-run %t.step.mlir --capacity 3237 | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: out of memory: cannot allocate {{[0-9]+}} bytes for memref<{{[0-9]+}}xi8> {{.*}}: 3236 of 3237 bytes in use{{$}}
// EXPLICIT-NEXT: exit code 4

func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
               %w1: tensor<16x16xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
               %w2: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %r = echo.tanh %h : tensor<8x16xf32>
  %o = echo.linear %r, %w2 : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
