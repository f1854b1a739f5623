// Progress of policy=optimal's MILP (EchoDialect/Core/Progress.h): on
// stderr only, and only with --progress or to a terminal. Piped (as here)
// and by default nothing extra is printed, and the plan is the same either
// way.
// The pass RUN lines start from Inputs/progress.autodiff.mlir (the functions
// below after echo-autodiff).
// RUN: echo-opt %S/Inputs/progress.autodiff.mlir '--echo-remat=policy=optimal time-limit=5' > %t.quiet.mlir 2> %t.quiet.err
// RUN: count 0 < %t.quiet.err
// RUN: echo-opt %S/Inputs/progress.autodiff.mlir '--echo-remat=policy=optimal time-limit=5' --progress > %t.progress.mlir 2> %t.progress.err
// RUN: cmp %t.quiet.mlir %t.progress.mlir
// RUN: FileCheck %s < %t.progress.err
// The last of --progress and --no-progress wins.
// RUN: echo-opt %S/Inputs/progress.autodiff.mlir '--echo-remat=policy=optimal time-limit=5' --progress --no-progress -o /dev/null 2>&1 | count 0
// A terminal gets progress without the flag: one line, rewritten ("\r",
// then clear to the end of the line), ended by the final status.
// RUN: script -qec "echo-opt %S/Inputs/progress.autodiff.mlir '--echo-remat=policy=optimal time-limit=5' -o /dev/null" /dev/null | FileCheck %s --check-prefix=TTY
// RUN: script -qec "echo-opt %S/Inputs/progress.autodiff.mlir '--echo-remat=policy=optimal time-limit=5' --no-progress -o /dev/null" /dev/null | count 0

// CHECK: echo-remat policy=optimal: formulating the MILP of {{[0-9]+}} values
// CHECK: echo-remat policy=optimal: phase 1 (lowest peak): optimal, objective {{.*}}, bound {{.*}}, gap 0.00%, {{[0-9]+}} nodes, {{[0-9]+}} LP iterations
// CHECK: echo-remat policy=optimal: optimal, peak {{[0-9]+}} bytes, {{[0-9]+}} FLOPs recomputed, {{[0-9.]+m?}}s
// CHECK-NOT: echo-remat

// TTY: {{.}}echo-remat policy=optimal: formulating the MILP
// TTY: {{.}}echo-remat policy=optimal: optimal, peak {{[0-9]+}} bytes

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo.tanh %h : tensor<8x32xf32>
  %b = echo.gelu %a : tensor<8x32xf32>
  %o = echo.linear %b, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
