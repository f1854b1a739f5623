// RUN: echo-opt %s -split-input-file -verify-diagnostics --echo-check-lowered
// RUN: not echo-opt %s -split-input-file --echo-lower-to-cpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: echo-opt %s -split-input-file --echo-check-lowered=allowed-dialects=linalg,func,memref -o /dev/null

// What a lowering leaves that is not LLVM is an error at its location, and
// the whole lowering fails instead of printing it.

// PIPELINE: check-lowered.mlir:[[@LINE+4]]:3: error: 'linalg.mul' is left after the lowering to the LLVM dialect
// expected-error @below {{'func.func' is left}}
func.func @helper(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @below {{'linalg.mul' is left after the lowering to the LLVM dialect: nothing lowered it}}
  linalg.mul ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  // expected-error @below {{'func.return' is left}}
  return
}

// -----

// LLVM and the builtin module are what a lowering leaves.
llvm.func @f(%arg0: f32) -> f32 {
  %0 = llvm.fadd %arg0, %arg0 : f32
  llvm.return %0 : f32
}
