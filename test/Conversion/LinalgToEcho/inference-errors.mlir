// Linalg that verifies but that echo's ops do not accept: the raised op's
// type inference (createInferred) says why at the linalg op, and the import
// fails (non-zero exit, the last RUN line) instead of crashing.
// RUN: echo-opt %s -split-input-file --echo-import-linalg -verify-diagnostics
// RUN: not echo-opt %s -split-input-file --echo-import-linalg -o /dev/null 2>&1 | FileCheck %s
// CHECK: inference-errors.mlir:[[@LINE+7]]:8: error: 'echo.matmul' op operands must have a float element type, got 'tensor<2x3xi32>', 'tensor<3x4xi32>'

func.func @matmul_int(%a: tensor<2x3xi32>, %b: tensor<3x4xi32>) -> tensor<2x4xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x4xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x4xi32>) -> tensor<2x4xi32>
  // expected-error @+1 {{'echo.matmul' op operands must have a float element type, got 'tensor<2x3xi32>', 'tensor<3x4xi32>'}}
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xi32>, tensor<3x4xi32>) outs(%z : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

