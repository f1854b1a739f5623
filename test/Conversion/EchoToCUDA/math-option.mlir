// --echo-lower-to-cuda{math=tf32}: the step's host code asks the runtime
// for TF32 tensor-core math and the fastest cuDNN algorithms
// (echo_step_set_math with ECHO_MATH_TF32 = 1) right after
// echo_step_begin, before any launch or heavy call; by default (math=ieee)
// it emits no such call and the CUDA backend stays IEEE FP32 with
// deterministic algorithms. The generated kernels are FP32 either way.
// REQUIRES: cuda-toolkit
// RUN: echo-opt %s '--echo-lower-to-cuda=math=tf32 format=isa chips=sm_90' | FileCheck %s --check-prefix=TF32
// RUN: echo-opt %s '--echo-lower-to-cuda=format=isa chips=sm_90' | FileCheck %s --check-prefix=IEEE --implicit-check-not=echo_step_set_math
// RUN: echo-opt %s '--echo-lower-to-cuda=math=ieee format=isa chips=sm_90' | FileCheck %s --check-prefix=IEEE --implicit-check-not=echo_step_set_math

// TF32-LABEL: llvm.func @train_step(
// The pipeline's canonicalization hoists and merges the constants.
// TF32-DAG: %[[MODE:.*]] = llvm.mlir.constant(1 : i64) : i64
// TF32: llvm.call @echo_step_begin(
// TF32-NEXT: llvm.call @echo_step_set_math(%{{.*}}, %[[MODE]]) : (!llvm.ptr, i64) -> i32
// TF32: llvm.call @echo_linear(
// TF32: gpu.launch_func
// TF32: llvm.call @echo_step_end(

// IEEE-LABEL: llvm.func @train_step(
// IEEE: llvm.call @echo_step_begin(
// IEEE: llvm.call @echo_linear(
// IEEE: gpu.launch_func
// IEEE: llvm.call @echo_step_end(

func.func @train_step(%x: tensor<4x8xf32>, %w: tensor<3x8xf32>,
                      %b: tensor<3xf32>) -> tensor<4x3xf32> {
  %y = echo.linear %x, %w, %b : (tensor<4x8xf32>, tensor<3x8xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %r = echo.relu %y : tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
