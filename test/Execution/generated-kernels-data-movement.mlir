// Generated light-op kernels (echo-light-calls-to-loops) for data movement
// against the CPU runtime's entries, bit for bit: strided slices and their
// gradients, concat and split (echo_concat_part both ways), transposes of
// a 4-D tensor, on odd shapes.
//
// RUN: echo-opt %s '--echo-lower-to-cpu=kernels=generated' | FileCheck %s
// CHECK-LABEL: llvm.func @moves(
// CHECK-NOT: llvm.call @echo_{{(slice|slice_grad|concat_part|transpose)}}(
// RUN: echo-opt %s --echo-lower-to-cpu | FileCheck %s --check-prefix=CALLS
// CALLS-DAG: llvm.call @echo_slice(
// CALLS-DAG: llvm.call @echo_slice_grad(
// CALLS-DAG: llvm.call @echo_concat_part(
// CALLS-DAG: llvm.call @echo_transpose(
// RUN: echo-run %s --no-cache --seed 1 --dump-results %t.runtime
// RUN: echo-run %s --no-cache --seed 1 --kernels=generated --dump-results %t.generated
// RUN: cmp %t.runtime %t.generated
// RUN: python3 %S/Inputs/dump_headers.py %t.generated | FileCheck %s --check-prefix=DUMP
// DUMP: result 0 f32 [2, 2, 3] 48 ok
// DUMP: result 1 f32 [5, 7, 3] 420 ok
// DUMP: result 2 f32 [5, 11, 3] 660 ok
// DUMP: result 3 f32 [5, 7, 3] 420 ok
// DUMP: result 4 f32 [5, 4, 3] 240 ok
// DUMP: result 5 f32 [3, 1, 5, 7] 420 ok
// DUMP-NOT: result 6

func.func @moves(%x: tensor<5x7x3xf32>, %y: tensor<5x4x3xf32>, %dy: tensor<2x2x3xf32>)
    -> (tensor<2x2x3xf32>, tensor<5x7x3xf32>, tensor<5x11x3xf32>,
        tensor<5x7x3xf32>, tensor<5x4x3xf32>, tensor<3x1x5x7xf32>) {
  %s = echo.slice %x offsets [1, 2, 0] strides [2, 3, 1] : tensor<5x7x3xf32> -> tensor<2x2x3xf32>
  %sg = echo.slice_grad %dy offsets [1, 2, 0] strides [2, 3, 1] : tensor<2x2x3xf32> -> tensor<5x7x3xf32>
  %c = echo.concat %x, %y axis 1 : (tensor<5x7x3xf32>, tensor<5x4x3xf32>) -> tensor<5x11x3xf32>
  %e = echo.exp %c : tensor<5x11x3xf32>
  %p, %q = echo.split %e axis 1 : tensor<5x11x3xf32> -> tensor<5x7x3xf32>, tensor<5x4x3xf32>
  %r = echo.reshape %x : tensor<5x7x3xf32> -> tensor<5x7x3x1xf32>
  %t = echo.transpose %r permutation [2, 3, 0, 1] : tensor<5x7x3x1xf32> -> tensor<3x1x5x7xf32>
  return %s, %sg, %c, %p, %q, %t
      : tensor<2x2x3xf32>, tensor<5x7x3xf32>, tensor<5x11x3xf32>,
        tensor<5x7x3xf32>, tensor<5x4x3xf32>, tensor<3x1x5x7xf32>
}
