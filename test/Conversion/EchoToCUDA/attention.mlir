// A training step with echo.attention lowers for the GPU: the attention
// and its gradient are calls of the CUDA runtime's echo_attention and
// echo_attention_grad (runtime/cuda/Attention.cu), the light work around
// them generated kernels assembled for sm_80 and sm_90.
// REQUIRES: cuda-toolkit
// RUN: echo-opt %S/../../Memory/Inputs/fused_attention.mlir '--echo-autodiff=optimizer=sgd lr=0.1' | echo-opt '--echo-lower-to-cuda=chips=sm_80,sm_90' | FileCheck %s --implicit-check-not=gpu.module
// CHECK-DAG: llvm.call @echo_attention(
// CHECK-DAG: llvm.call @echo_attention_grad(
// CHECK-DAG: gpu.binary @echo_kernels {{ *}}[#gpu.object<#nvvm.target<chip = "sm_80"{{.*}}#gpu.object<#nvvm.target<chip = "sm_90"
