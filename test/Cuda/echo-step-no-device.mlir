// echo-step --backend=cuda on a machine without a GPU: a step compiled ahead
// of time fails like echo-run does, with one line and exit status 3.
//
// REQUIRES: echo-cuda-runtime
// UNSUPPORTED: cuda-device
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t/step.mlir
// RUN: echo-compile %t/step.mlir --shared -o %t/step.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/step.so --backend=cuda --print-loss | FileCheck %s --implicit-check-not={{.}}
// CHECK: echo-step: runtime error creating a cuda context: echo_context_create: no CUDA device: cudaGetDeviceCount returned {{[0-9]+}} (cudaError{{[A-Za-z]+}}: {{.+}})
// CHECK-NEXT: exit code 3
// A step compiled with --math=tf32 too.
// RUN: echo-compile %t/step.mlir --math=tf32 --shared -o %t/step-tf32.so
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/step-tf32.so --backend=cuda --print-loss | FileCheck %s --implicit-check-not={{.}}

func.func @mlp(%x: tensor<8x6xf32>, %labels: tensor<8xi32>,
               %w: tensor<3x6xf32> {echo.trainable}, %b: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %o = echo.linear %x, %w, %b : (tensor<8x6xf32>, tensor<3x6xf32>, tensor<3xf32>) -> tensor<8x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x3xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
