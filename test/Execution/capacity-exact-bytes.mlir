// The device memory counted for a buffer the step allocates is the size of
// its tensor: a memref<2x3xf32> takes 24 bytes. (The counting allocator
// already returns 64-byte-aligned memory, so no alignment padding needs to be
// requested or counted on top.)
//
// Arguments and results take 32 + 8 + 48 + 4 + 48 = 140 bytes; with a
// capacity of 141 the first buffer of the step, the result of the linear,
// does not fit, and the message gives its exact size.
// RUN: echo-opt %s --echo-autodiff --mlir-print-debuginfo > %t.step.mlir
// RUN: not echo-run --capacity 141 %t.step.mlir 2>&1 | FileCheck %s
// CHECK: out of memory: cannot allocate 24 bytes for memref<2x3xf32> for echo.linear at loc("{{.*}}capacity-exact-bytes.mlir":[[@LINE+10]]:8): 140 of 141 bytes in use
//
// With room for exactly that buffer plus one byte, the failure moves on to a
// later allocation (the linear's result fits).
// RUN: not echo-run --capacity 165 %t.step.mlir 2>&1 | FileCheck %s --check-prefix=NEXT
// NEXT: out of memory: cannot allocate
// NEXT-NOT: for echo.linear at loc("{{.*}}capacity-exact-bytes.mlir":[[@LINE+4]]

func.func @tiny(%x: tensor<2x4xf32>, %labels: tensor<2xi32>,
                %w: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
