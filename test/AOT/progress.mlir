// echo-compile reports its phases, and the passes of the lowering, on
// stderr (EchoDialect/Core/Progress.h) with --progress or to a
// terminal; piped (as here) and by default nothing extra is printed, and
// the object is the same either way.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s --echo-autodiff > %t/step.mlir
// RUN: echo-compile %t/step.mlir -o %t/quiet.o 2> %t/quiet.err
// RUN: count 0 < %t/quiet.err
// RUN: echo-compile %t/step.mlir -o %t/progress.o --progress 2> %t/progress.err
// RUN: cmp %t/quiet.o %t/progress.o
// RUN: FileCheck %s < %t/progress.err
// RUN: echo-compile %t/step.mlir -o %t/shared.so --shared --progress 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: script -qec "echo-compile %t/step.mlir -o %t/tty.o" /dev/null | FileCheck %s --check-prefix=TTY

// CHECK: echo-compile: parsing {{.*}}step.mlir
// CHECK-NEXT: echo-compile: lowering @train_step (the CPU pipeline)
// CHECK-NEXT: echo-compile: lowering: pass 1, {{[a-z-]+}}
// CHECK: echo-compile: translating to LLVM IR
// CHECK-NEXT: echo-compile: generating native code
// CHECK-NEXT: echo-compile: wrote {{.*}}progress.o in {{[0-9.]+m?}}s
// CHECK-NOT: echo-compile

// SHARED: echo-compile: linking {{.*}}shared.so with
// SHARED-NEXT: echo-compile: wrote {{.*}}shared.so in

// TTY: {{.}}echo-compile: generating native code
// TTY: {{.}}echo-compile: wrote {{.*}}tty.o in

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<4x16xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %h, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
