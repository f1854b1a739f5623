// Exact GELU and its gradient as generated kernels on the GPU: math.erf
// (and exp) become libdevice's __nv_erff / __nv_expf, linked into each
// kernel module, so ptxas assembles it for every chip (the default format
// runs ptxas) and the PTX calls no unresolved __nv_ function.
// REQUIRES: cuda-toolkit
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' | echo-opt --echo-lower-to-cuda | FileCheck %s --implicit-check-not=gpu.module
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' | echo-opt '--echo-lower-to-cuda=format=isa chips=sm_90' | FileCheck %s --check-prefix=PTX --implicit-check-not=__nv_
// Without the generated kernels the step calls the runtime's echo_unary
// with kind 9 (ECHO_GELU_ERF):
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' | echo-opt --echo-lower-to-cpu | FileCheck %s --check-prefix=CPU

// CHECK: gpu.launch_func
// CHECK: gpu.binary @echo_kernels [#gpu.object<#nvvm.target<chip = "sm_80"
// PTX: gpu.binary @echo_kernels
// PTX-SAME: .target sm_90
// CPU-DAG: llvm.mlir.constant(9 : i64)
// CPU-DAG: llvm.call @echo_unary(
// CPU-DAG: llvm.call @echo_unary_grad(

func.func @mlp(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
               %w1: tensor<6x8xf32> {echo.trainable}, %b1: tensor<6xf32> {echo.trainable},
               %w2: tensor<3x6xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %a = echo.gelu_erf %h : tensor<4x6xf32>
  %o = echo.linear %a, %w2 : (tensor<4x6xf32>, tensor<3x6xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
