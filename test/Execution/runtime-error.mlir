// A step whose runtime entry fails returns the error to its caller (ABI v3:
// statuses, sticky errors) with the entry's name, its message and the source
// location of the op; echo-run prints it and exits with status 3. Here the
// indices loaded with --inputs reach past the embedding table.
// RUN: echo-opt %s --echo-autodiff --mlir-print-debuginfo > %t.step.mlir
// RUN: python3 %S/Inputs/write_npy.py %t.ids.npy i4 2 0,7
// RUN: python3 %S/Inputs/exit_code.py echo-run %t.step.mlir --inputs 0=%t.ids.npy | FileCheck %s
// CHECK: echo-run: runtime error in step 0 of @train_step: echo_embedding_i32: index 7 at position 1 is outside [0, 5) (at {{.*}}runtime-error.mlir:[[@LINE+10]]:8)
// CHECK-NEXT: exit code 3
//
// The same step with indices in range runs.
// RUN: python3 %S/Inputs/write_npy.py %t.good.npy i4 2 0,4
// RUN: echo-run %t.step.mlir --inputs 0=%t.good.npy --print-loss | FileCheck %s --check-prefix=GOOD
// GOOD: iter 0 loss

func.func @emb(%ids: tensor<2xi32>, %table: tensor<5x3xf32> {echo.trainable})
    -> tensor<f32> {
  %e = echo.embedding %table, %ids : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %l = echo.reduce mean %e dims [0, 1] : tensor<2x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}
