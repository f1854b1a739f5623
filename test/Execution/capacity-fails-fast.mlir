// A step whose arguments do not all fit fails before the host fills a copy
// of any of them: every buffer gets its device memory first, then the host
// copies are made and initialized (runtime/step/StepHost.cpp, prepare).
// Argument #0 (8 GiB) fits in 12 GiB, argument #1 (8 GiB more) does not.
// When the host copy of #0 was made and filled first, this took 95 s and
// 8.5 GB of memory on the loaded 2-core machine (the fuzzer's "hang");
// now it takes 0.5 s and about 120 MB (the check below: under 1 GiB).
// RUN: python3 %S/Inputs/exit_code.py python3 %S/Inputs/max_rss.py 1073741824 echo-run --capacity=12884901888 %s | FileCheck %s
// CHECK: max rss below 1073741824 bytes
// CHECK-NEXT: echo-run: runtime error allocating argument #1 of @train_step: echo_mem_alloc: out of memory: cannot allocate 8589934592 bytes for argument #1 of @train_step: 8589934592 of 12884901888 bytes in use
// CHECK: exit code 4

func.func @train_step(%a: tensor<2147483648xf32>, %b: tensor<2147483648xf32>) -> tensor<f32> {
  %l = echo.reduce mean %a dims [0] : tensor<2147483648xf32> -> tensor<f32>
  return %l : tensor<f32>
}
