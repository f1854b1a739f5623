// The device memory counted for a buffer the step allocates is the size of
// its tensor exactly: a memref<2x3xf32> is 24 bytes, neither padded by the
// alignment nor rounded up to it (the step allocates through echo_alloc,
// which returns 256-byte-aligned memory and counts the bytes asked for).
//
// Arguments and results take 32 + 8 + 48 + 4 + 48 = 140 bytes; with a
// capacity of 141 and one allocation per temporary (--no-buffer-assign), the
// first buffer of the step, the result of the linear, does not fit.
// RUN: echo-opt %s --echo-autodiff --mlir-print-debuginfo > %t.step.mlir
// RUN: not echo-run --no-buffer-assign --capacity 141 %t.step.mlir 2>&1 | FileCheck %s
// CHECK: out of memory: cannot allocate 24 bytes for memref<2x3xf32> for echo.linear at loc("{{.*}}capacity-exact-bytes.mlir":[[@LINE+10]]:8): 140 of 141 bytes in use
//
// With room for that buffer plus one byte, the linear's result fits and a
// later allocation fails instead.
// RUN: not echo-run --no-buffer-assign --capacity 165 %t.step.mlir 2>&1 | FileCheck %s --check-prefix=NEXT
// NEXT: out of memory: cannot allocate 4 bytes for memref<f32> for echo.fill {{.*}}: 164 of 165 bytes in use
// NEXT-NOT: for echo.linear at loc("{{.*}}capacity-exact-bytes.mlir":[[@LINE+4]]

func.func @tiny(%x: tensor<2x4xf32>, %labels: tensor<2xi32>,
                %w: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
