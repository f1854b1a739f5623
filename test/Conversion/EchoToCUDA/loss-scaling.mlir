// A loss-scaled f16 training step lowers for the GPU: the MLP of
// test/Execution/Inputs/mixed under echo-autocast=f16 and echo-autodiff's
// loss-scale=dynamic, through --echo-lower-to-cuda. The unscaling and the
// light ops become generated kernels; the count of non-finite gradient
// elements, the selects that keep or replace each parameter and Adam state,
// and the scale's update call the backend's entries (runtime/cuda/LossScale.cu,
// compiled and linked here).
// REQUIRES: cuda-toolkit
// RUN: echo-opt %S/../../Execution/Inputs/mixed/mlp-f32.mlir --echo-autocast=compute=f16 '--echo-autodiff=optimizer=adam lr=0.01 loss-scale=dynamic' | echo-opt --echo-lower-to-cuda | FileCheck %s
// CHECK-DAG: llvm.call @echo_nonfinite_count(
// CHECK-DAG: llvm.call @echo_select(
// CHECK-DAG: llvm.call @echo_loss_scale_update(
// CHECK-DAG: llvm.call @echo_cast_f32_f16(
// CHECK-DAG: llvm.call @echo_adam_update(
// CHECK-DAG: gpu.launch_func
// CHECK-DAG: gpu.binary @echo_kernels [#gpu.object<#nvvm.target<chip = "sm_80"
