// The device memory counted for a buffer the step allocates is the size of
// its tensor, at most rounded up to the 64-byte alignment: a memref<2x3xf32>
// (24 bytes) must not be counted as 24 + 64 = 88 bytes, as it was when the
// LLVM lowering padded every aligned allocation by the alignment to align the
// pointer itself (finalize-memref-to-llvm without use-aligned-alloc). The
// counting allocator already returns 64-byte-aligned memory.
//
// Arguments and results take 32 + 8 + 48 + 4 + 48 = 140 bytes; with a
// capacity of 141 and one allocation per temporary (--no-buffer-assign), the
// first buffer of the step, the result of the linear, does not fit.
// RUN: echo-opt %s --echo-autodiff --mlir-print-debuginfo > %t.step.mlir
// RUN: not echo-run --no-buffer-assign --capacity 141 %t.step.mlir 2>&1 | FileCheck %s
// CHECK: out of memory: cannot allocate {{(24|32|64)}} bytes for memref<2x3xf32> for echo.linear at loc("{{.*}}capacity-exact-bytes.mlir":[[@LINE+10]]:8): 140 of 141 bytes in use
//
// With room for that buffer (rounded to 64 bytes) plus one byte, the linear's
// result fits and a later allocation fails instead.
// RUN: not echo-run --no-buffer-assign --capacity 205 %t.step.mlir 2>&1 | FileCheck %s --check-prefix=NEXT
// NEXT: out of memory: cannot allocate
// NEXT-NOT: for echo.linear at loc("{{.*}}capacity-exact-bytes.mlir":[[@LINE+4]]

func.func @tiny(%x: tensor<2x4xf32>, %labels: tensor<2xi32>,
                %w: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
