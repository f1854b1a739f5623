// echo-compile's code generation (tools/echo-run/StepObject.h,
// emitStepObjects): the host code (the step's runtime calls) is compiled
// without optimization, each generated kernel's loop is extracted into a
// function of its own and compiled optimized, and both parts are linked into
// the one object or library, which exports only the step's symbols. Only
// what the entry reaches is compiled: not @model, the forward function the
// step was differentiated from.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' > %t/step.mlir
//
// Runtime kernels: one object, no loops to extract.
// RUN: echo-compile %t/step.mlir -o %t/runtime.o
// RUN: llvm-nm --defined-only %t/runtime.o | FileCheck %s --check-prefix=RUNTIME --implicit-check-not=extracted --implicit-check-not=model
// RUNTIME-DAG: T train_step
// RUNTIME-DAG: T echo_step_invoke
//
// Generated kernels: the loops are functions of their own, in the same
// relocatable object.
// RUN: echo-compile %t/step.mlir --kernels=generated -o %t/generated.o
// RUN: llvm-nm --defined-only %t/generated.o | FileCheck %s --check-prefix=GENERATED --implicit-check-not=model
// GENERATED-DAG: T train_step
// GENERATED-DAG: T echo_step_invoke
// GENERATED-DAG: train_step.extracted
//
// The library exports the step, not the extracted kernels, and computes
// the bits the runtime's kernels compute.
// RUN: echo-compile %t/step.mlir --kernels=generated --shared -o %t/generated.so
// RUN: llvm-nm -D --defined-only %t/generated.so | FileCheck %s --check-prefix=EXPORTS --implicit-check-not=extracted
// EXPORTS-DAG: T echo_step_invoke
// EXPORTS-DAG: R echo_step_manifest
// RUN: echo-compile %t/step.mlir --shared -o %t/runtime.so
// RUN: echo-step %t/generated.so --iterations 3 --print-loss --dump-results %t/generated.npz > %t/generated.txt
// RUN: echo-step %t/runtime.so --iterations 3 --print-loss --dump-results %t/runtime.npz > %t/runtime.txt
// RUN: cmp %t/generated.npz %t/runtime.npz
// RUN: FileCheck %s --check-prefix=LOSS --input-file %t/generated.txt
// LOSS: iter 0 loss
// LOSS: iter 2 loss
//
// Verifying after every pass changes nothing in the output; --mlir-timing
// times each phase.
// RUN: echo-compile %t/step.mlir -o %t/verified.o --verify-each
// RUN: cmp %t/runtime.o %t/verified.o
// RUN: echo-compile %t/step.mlir -o %t/timed.o --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING-DAG: parsing
// TIMING-DAG: lowering
// TIMING-DAG: translating to LLVM IR
// TIMING-DAG: generating native code
// TIMING-DAG: Total

func.func @model(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
                 %w1: tensor<16x8xf32> {echo.trainable},
                 %b1: tensor<16xf32> {echo.trainable},
                 %w2: tensor<5x16xf32> {echo.trainable},
                 %b2: tensor<5xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %r = echo.relu %h : tensor<4x16xf32>
  %y = echo.linear %r, %w2, %b2 : (tensor<4x16xf32>, tensor<5x16xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  %loss = echo.cross_entropy %y, %labels : (tensor<4x5xf32>, tensor<4xi32>) -> tensor<f32>
  return %loss : tensor<f32>
}
