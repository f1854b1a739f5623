// echo-step bounds the cpu backend's memory as echo-run does: without
// --capacity, half the memory available (runtime/step/StepHost.h,
// defaultCapacity), so a step too large for the machine is an
// out-of-memory error with status 4, not the kernel's OOM killer.
// ECHO_TEST_AVAILABLE_MEMORY replaces what "available" reads.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s --echo-autodiff --mlir-print-debuginfo > %t/step.mlir
// RUN: echo-compile %t/step.mlir --shared -o %t/step.so
//
// Arguments and results take 3236 bytes (test/Execution/capacity.mlir):
// with 6474 bytes available they fit in the default 3237 and the planned
// arena does not.
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=6474 python3 %S/../Execution/Inputs/exit_code.py echo-step %t/step.so | FileCheck %s --check-prefix=ARENA
// ARENA: echo-step: runtime error in step 0 of @train_step: echo_alloc: out of memory: cannot allocate {{[0-9]+}} bytes for memref<{{[0-9]+}}xi8> for the memory arena of @train_step at loc("{{.*}}capacity-default.mlir":[[@LINE+22]]:1): 3236 of 3237 bytes in use (the default --capacity, half the memory available now; --capacity=BYTES sets another, --capacity=0 lifts it)
// ARENA-NEXT: exit code 4
//
// An explicit capacity overrides the default.
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=6474 echo-step %t/step.so --capacity=1000000 --print-loss | FileCheck %s --check-prefix=RUNS
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=6474 echo-step %t/step.so --capacity=0 --print-loss | FileCheck %s --check-prefix=RUNS
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=1000000 echo-step %t/step.so --print-loss | FileCheck %s --check-prefix=RUNS
// RUNS: iter 0 loss
// RUNS-NOT: out of memory
// RUN: env ECHO_TEST_AVAILABLE_MEMORY=1000000 python3 %S/../Execution/Inputs/exit_code.py echo-step %t/step.so --capacity=3237 | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: out of memory: cannot allocate {{[0-9]+}} bytes for memref<{{[0-9]+}}xi8> {{.*}}: 3236 of 3237 bytes in use{{$}}
// EXPLICIT-NEXT: exit code 4
//
// The same bits whatever OpenBLAS's thread count, also under a forced
// kernel family (docs/runtime.md, "Determinism"), on products large enough
// to be cut into tiles.
// RUN: echo-models mlp --batch 37 --hidden 200 | echo-opt '--echo-autodiff=optimizer=momentum lr=0.1' > %t/mlp.mlir
// RUN: echo-compile %t/mlp.mlir --shared -o %t/mlp.so
// RUN: env OPENBLAS_CORETYPE=Haswell OPENBLAS_NUM_THREADS=1 echo-step %t/mlp.so --iterations=3 --seed=3 --dump-results=%t/t1
// RUN: env OPENBLAS_CORETYPE=Haswell OPENBLAS_NUM_THREADS=2 echo-step %t/mlp.so --iterations=3 --seed=3 --dump-results=%t/t2
// RUN: cmp %t/t1 %t/t2

func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
               %w1: tensor<16x16xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
               %w2: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %r = echo.tanh %h : tensor<8x16xf32>
  %o = echo.linear %r, %w2 : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
