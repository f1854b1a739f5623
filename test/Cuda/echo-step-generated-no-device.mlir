// A step compiled with --target=cuda (generated light-op kernels, their
// fatbins embedded) on a machine without a GPU: loading it runs the kernel
// loader's constructor, which fails quietly (no driver), and creating the
// CUDA context fails with one line and exit status 3, as for every step.
// On the CPU backend the object cannot load: it needs the mgpu* functions
// only libecho_runtime_cuda defines.
//
// REQUIRES: echo-cuda-runtime, cuda-toolkit
// UNSUPPORTED: cuda-device
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t/step.mlir
// RUN: echo-compile %t/step.mlir --target=cuda --shared -o %t/step.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/step.so --backend=cuda --print-loss | FileCheck %s --implicit-check-not={{.}}
// CHECK: echo-step: runtime error creating a cuda context: echo_context_create: no CUDA device: cudaGetDeviceCount returned {{[0-9]+}} (cudaError{{[A-Za-z]+}}: {{.+}})
// CHECK-NEXT: exit code 3
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/step.so --backend=cpu | FileCheck %s --check-prefix=CPU --implicit-check-not={{.}}
// CPU: echo-step: cannot load step {{.*}}step.so: {{.*}}undefined symbol: mgpu{{[A-Za-z]+}}
// CPU-NEXT: exit code 1
// The object embeds one kernel binary per generated kernel, loaded by a
// constructor, and launches them through mgpuLaunchKernel.
// RUN: echo-compile %t/step.mlir --target=cuda --emit-llvm -o %t/step.ll
// RUN: FileCheck %s --check-prefix=IR < %t/step.ll
// IR-DAG: @llvm.global_ctors
// IR-DAG: call ptr @mgpuModuleLoad(
// IR-DAG: call void @mgpuLaunchKernel(
// IR-DAG: @echo_step_invoke(
// Options of the CUDA pipeline are checked before anything runs.
// RUN: not echo-compile %t/step.mlir --target=cuda --cuda-options='toolkit=%t/none' -o %t/x.o 2>&1 | FileCheck %s --check-prefix=TOOLKIT
// TOOLKIT: echo-compile: --target=cuda: the CUDA toolkit at '{{.*}}none' has no nvvm/libdevice/libdevice.10.bc
// RUN: not echo-compile %t/step.mlir --cuda-options='chips=sm_90' -o %t/x.o 2>&1 | FileCheck %s --check-prefix=NOTARGET
// NOTARGET: echo-compile: --cuda-options needs --target=cuda

func.func @mlp(%x: tensor<8x6xf32>, %labels: tensor<8xi32>,
               %w: tensor<3x6xf32> {echo.trainable}, %b: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %o = echo.linear %x, %w, %b : (tensor<8x6xf32>, tensor<3x6xf32>, tensor<3xf32>) -> tensor<8x3xf32>
  %r = echo.relu %o : tensor<8x3xf32>
  %l = echo.cross_entropy %r, %labels : (tensor<8x3xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
