// A 16-bit training step lowers for the GPU: the bf16 and f16 MLPs of
// test/Execution/Inputs/mixed (f32 master weights, 16-bit compute) through
// autodiff and --echo-lower-to-cuda. The light ops on 16-bit tensors are
// computed in f32 (echo-compute-in-f32) by the generated kernels; the
// linears call the 16-bit entries (cuBLAS on the tensor cores), and no f32
// linear is left; the conversions call the backend's echo_cast_* entries,
// which ptxas and the CUDA backend both compile here (runtime/cuda/Cast.cu).
// REQUIRES: cuda-toolkit
// RUN: echo-opt %S/../../Execution/Inputs/mixed/mlp-bf16.mlir '--echo-autodiff=optimizer=sgd lr=0.1' | echo-opt --echo-lower-to-cuda -o %t.bf16
// RUN: FileCheck %s --check-prefix=BF16 < %t.bf16
// RUN: not grep -q 'llvm.call @echo_linear(' %t.bf16
// RUN: echo-opt %S/../../Execution/Inputs/mixed/mlp-f16.mlir '--echo-autodiff=optimizer=sgd lr=0.1' | echo-opt --echo-lower-to-cuda | FileCheck %s --check-prefix=F16
// BF16-DAG: llvm.call @echo_cast_f32_bf16(
// BF16-DAG: llvm.call @echo_cast_bf16_f32(
// BF16-DAG: llvm.call @echo_linear_bf16(
// BF16-DAG: llvm.call @echo_linear_grad_input_bf16(
// BF16-DAG: llvm.call @echo_linear_grad_weight_bf16(
// BF16-DAG: gpu.launch_func
// BF16-DAG: gpu.binary @echo_kernels [#gpu.object<#nvvm.target<chip = "sm_80"
// F16-DAG: llvm.call @echo_cast_f32_f16(
// F16-DAG: llvm.call @echo_cast_f16_f32(
// F16-DAG: llvm.call @echo_linear_f16(
// F16-DAG: gpu.binary @echo_kernels

// Autocast's CNN (test/Memory/Inputs/cnn.mlir): the convolution and its
// weight gradient call the bf16 entries (cuDNN on the tensor cores), and no
// f32 convolution is left.
// RUN: echo-opt %S/../../Memory/Inputs/cnn.mlir --echo-autocast=compute=bf16 '--echo-autodiff=optimizer=sgd lr=0.1' | echo-opt --echo-lower-to-cuda -o %t.cnn
// RUN: FileCheck %s --check-prefix=CNN < %t.cnn
// RUN: not grep -q 'llvm.call @echo_conv2d\(_grad_weight\)\?(' %t.cnn
// CNN-DAG: llvm.call @echo_conv2d_bf16(
// CNN-DAG: llvm.call @echo_conv2d_grad_weight_bf16(
// CNN-DAG: llvm.call @echo_linear_bf16(
