// Without --capacity, echo-run bounds the cpu backend's device memory by
// half the host memory available (it also keeps a host copy of every
// argument and result): a step too large for the machine is an
// out-of-memory error that says where the bound came from, instead of a
// process the kernel's OOM killer ends. The argument below is 32 TiB.
// RUN: not echo-run %s 2>&1 | FileCheck %s
// CHECK: echo-run: runtime error allocating argument #0 of @train_step: echo_mem_alloc: out of memory: cannot allocate 35184372088832 bytes {{.*}} (the default --capacity, half the memory available now; --capacity=BYTES sets another, --capacity=0 lifts it)
// RUN: python3 %S/Inputs/exit_code.py echo-run %s | FileCheck %s --check-prefix=STATUS
// STATUS: exit code 4

func.func @train_step(%x: tensor<8388608x1048576xf32>) -> tensor<f32> {
  %l = echo.reduce mean %x dims [0, 1] : tensor<8388608x1048576xf32> -> tensor<f32>
  return %l : tensor<f32>
}
