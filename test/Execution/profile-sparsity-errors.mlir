// echo-run --profile-sparsity: options it does not combine with, an output
// it cannot write, and a step with nothing to measure (a warning; the module
// is still written back, unchanged).
// RUN: echo-opt %s --echo-autodiff -o %t.step.mlir
// RUN: python3 %S/Inputs/exit_code.py echo-run %t.step.mlir --profile-sparsity=%t.out.mlir --iterations 0 | FileCheck %s --check-prefix=ITER
// RUN: python3 %S/Inputs/exit_code.py echo-run %t.step.mlir --profile-sparsity=%t.out.mlir --check-gradients=2 | FileCheck %s --check-prefix=GRAD
// RUN: python3 %S/Inputs/exit_code.py echo-run %t.step.mlir --profile-sparsity=%t.missing/dir/out.mlir | FileCheck %s --check-prefix=WRITE
// The same network with tanh instead of relu stashes no sparse map.
// RUN: sed 's/echo.relu/echo.tanh/' %s | echo-opt --echo-autodiff -o %t.tanh.mlir
// RUN: python3 %S/Inputs/exit_code.py echo-run %t.tanh.mlir --profile-sparsity=%t.none.mlir | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=UNCHANGED < %t.none.mlir
// Without profiling, the lowering measures nothing.
// RUN: echo-opt %t.step.mlir --echo-lower-to-cpu | FileCheck %s --check-prefix=PLAIN

// ITER: echo-run: --profile-sparsity needs --iterations >= 1
// ITER: exit code 1
// GRAD: echo-run: --profile-sparsity measures training steps; it does not combine with --check-gradients
// GRAD: exit code 1
// WRITE: echo-run: cannot write {{.*}}out.mlir
// WRITE: exit code 1
// NONE: warning: --profile-sparsity measured nothing
// NONE: exit code 0
// PLAIN-NOT: echo_profile_density
// UNCHANGED-LABEL: func.func @train_step
// UNCHANGED: echo.tanh
// UNCHANGED-NEXT: echo.stash
// UNCHANGED-NOT: echo.density
// UNCHANGED-NOT: echo.profile_site

func.func @f(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
             %w1: tensor<8x8xf32> {echo.trainable},
             %w: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %r = echo.relu %h : tensor<4x8xf32>
  %o = echo.linear %r, %w : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
