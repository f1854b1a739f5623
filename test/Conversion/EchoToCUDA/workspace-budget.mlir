// --echo-lower-to-cuda{workspace-budget=BYTES}: each convolution call of
// the step gets a planned workspace buffer of the budget (category
// `workspace`), passed to the entry, from which the CUDA backend runs the
// best algorithm whose workspace fits. Without buffer assignment each is
// its own allocation, so its site and size are visible in the host code.
// REQUIRES: cuda-toolkit
// RUN: echo-opt %s '--echo-lower-to-cuda=workspace-budget=65536 assign-buffers=false format=isa chips=sm_90' | FileCheck %s
// CHECK: module attributes {{{.*}}echo.alloc_sites = [{{.*}}"workspace|{{[a-z]+}}|memref<65536xi8> for echo_conv2d at
// CHECK-LABEL: llvm.func @train_step(
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(65536 : i64) : i64
// CHECK: llvm.call @echo_alloc(%{{.*}}, %[[BYTES]], %{{.*}})
// CHECK: llvm.call @echo_conv2d(
// Without a budget the entry gets an empty workspace and no allocation of
// category workspace exists.
// RUN: echo-opt %s '--echo-lower-to-cuda=assign-buffers=false format=isa chips=sm_90' | FileCheck %s --check-prefix=NONE
// NONE-NOT: workspace|
// NONE: llvm.call @echo_conv2d(

func.func @train_step(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>)
    -> tensor<2x4x8x8xf32> {
  %y = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %r = echo.relu %y : tensor<2x4x8x8xf32>
  return %r : tensor<2x4x8x8xf32>
}
