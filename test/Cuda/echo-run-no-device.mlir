// echo-run --backend=cuda on a machine without a GPU: one line naming the
// missing device and its cause, exit status 3 (a runtime error), no crash.
//
// REQUIRES: echo-cuda-runtime
// UNSUPPORTED: cuda-device
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t.step.mlir
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-run %t.step.mlir --backend=cuda --print-loss | FileCheck %s --implicit-check-not={{.}}
// CHECK: echo-run: runtime error creating a cuda context: echo_context_create: no CUDA device: cudaGetDeviceCount returned {{[0-9]+}} (cudaError{{[A-Za-z]+}}: {{.+}})
// CHECK-NEXT: exit code 3
//
// A step asking for TF32 math (--math=tf32) fails the same way: one line,
// exit status 3.
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-run %t.step.mlir --backend=cuda --math=tf32 --print-loss | FileCheck %s --implicit-check-not={{.}}
//
// The library named by path behaves the same.
// RUN: not echo-run %t.step.mlir --backend=%echo_lib_dir/libecho_runtime_cuda.so 2>&1 | FileCheck %s --check-prefix=PATH
// PATH: runtime error creating a cuda context: echo_context_create: no CUDA device

func.func @mlp(%x: tensor<8x6xf32>, %labels: tensor<8xi32>,
               %w: tensor<3x6xf32> {echo.trainable}, %b: tensor<3xf32> {echo.trainable}) -> tensor<f32> {
  %o = echo.linear %x, %w, %b : (tensor<8x6xf32>, tensor<3x6xf32>, tensor<3xf32>) -> tensor<8x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x3xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
