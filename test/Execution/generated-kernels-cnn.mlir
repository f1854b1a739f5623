// Generated light-op kernels (echo-light-calls-to-loops) for the CNN
// layers against the CPU runtime's entries, bit for bit: batch norm (the
// runtime's eight-lane double sums) and its gradient; max and average
// pooling with and without padding, overlapping and strided windows, and
// their gradients (the runtime scatters into dx in output order, the
// kernels gather in the same order). Odd shapes: x is 3x5x7x9.
//
// RUN: echo-opt %s '--echo-lower-to-cpu=kernels=generated' | FileCheck %s
// CHECK-LABEL: llvm.func @cnn(
// CHECK-NOT: llvm.call @echo_{{(batch_norm|batch_norm_grad|max_pool2d|max_pool2d_grad|avg_pool2d|avg_pool2d_grad)}}(
// RUN: echo-opt %s --echo-lower-to-cpu | FileCheck %s --check-prefix=CALLS
// CALLS-DAG: llvm.call @echo_batch_norm(
// CALLS-DAG: llvm.call @echo_batch_norm_grad(
// CALLS-DAG: llvm.call @echo_max_pool2d(
// CALLS-DAG: llvm.call @echo_max_pool2d_grad(
// CALLS-DAG: llvm.call @echo_avg_pool2d(
// CALLS-DAG: llvm.call @echo_avg_pool2d_grad(
// RUN: echo-run %s --no-cache --seed 1 --dump-results %t.runtime
// RUN: echo-run %s --no-cache --seed 1 --kernels=generated --dump-results %t.generated
// RUN: cmp %t.runtime %t.generated
// RUN: echo-run %s --no-cache --seed 2 --dump-results %t.runtime2
// RUN: echo-run %s --no-cache --seed 2 --kernels=generated --dump-results %t.generated2
// RUN: cmp %t.runtime2 %t.generated2
// RUN: python3 %S/Inputs/dump_headers.py %t.generated | FileCheck %s --check-prefix=DUMP
// DUMP: result 0 f32 [3, 5, 7, 9] 3780 ok finite
// DUMP: result 8 f32 [3, 5, 4, 5] 1200 ok finite
// DUMP: result 14 f32 [3, 5, 7, 9] 3780 ok finite
// DUMP-NOT: result 15

!x = tensor<3x5x7x9xf32>
!c = tensor<5xf32>
func.func @cnn(%x: !x, %g: !c, %b: !c, %rm: !c, %rv: !c, %dy: !x,
               %dp1: tensor<3x5x3x4xf32>, %dp2: tensor<3x5x4x5xf32>,
               %dp3: tensor<3x5x7x9xf32>)
    -> (!x, !c, !c, !c, !c, !x, !c, !c,
        tensor<3x5x4x5xf32>, tensor<3x5x3x4xf32>, tensor<3x5x7x9xf32>,
        !x, !x, !x, !x) {
  %y, %nm, %nv, %sm, %si = echo.batch_norm %x, %g, %b, %rm, %rv : (!x, !c, !c, !c, !c) -> (!x, !c, !c, !c, !c)
  %dx, %dg, %db = echo.batch_norm_grad %x, %g, %sm, %si, %dy : (!x, !c, !c, !c, !x) -> (!x, !c, !c)
  // Overlapping 3x3 windows, stride 2, padding 1.
  %m1 = echo.max_pool2d %x {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : !x -> tensor<3x5x4x5xf32>
  // 2x2, stride 2, no padding (the last row and column are not read).
  %m2 = echo.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : !x -> tensor<3x5x3x4xf32>
  // 3x3, stride 1, padding 1: every element in up to nine windows.
  %a3 = echo.avg_pool2d %x {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : !x -> tensor<3x5x7x9xf32>
  %gm1 = echo.max_pool2d_grad %x, %m1, %dp2 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (!x, tensor<3x5x4x5xf32>, tensor<3x5x4x5xf32>) -> !x
  %gm2 = echo.max_pool2d_grad %x, %m2, %dp1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (!x, tensor<3x5x3x4xf32>, tensor<3x5x3x4xf32>) -> !x
  %ga3 = echo.avg_pool2d_grad %dp3 {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<3x5x7x9xf32>) -> !x
  %ga1 = echo.avg_pool2d_grad %dp2 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<3x5x4x5xf32>) -> !x
  return %y, %nm, %nv, %sm, %si, %dx, %dg, %db, %m1, %m2, %a3, %gm1, %gm2, %ga3, %ga1
      : !x, !c, !c, !c, !c, !x, !c, !c,
        tensor<3x5x4x5xf32>, tensor<3x5x3x4xf32>, tensor<3x5x7x9xf32>,
        !x, !x, !x, !x
}
