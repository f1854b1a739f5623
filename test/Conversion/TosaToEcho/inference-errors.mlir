// TOSA that verifies but that echo's ops do not accept: a located error at
// the TOSA op and a failed import (non-zero exit, the last RUN line), not a
// crash. Where the raised op's type inference rejects its operands
// (createInferred), it says why; an op that infers a type its ODS
// constraints reject is caught by the verifier after the pass.
// RUN: echo-opt %s -split-input-file --echo-import-tosa -verify-diagnostics
// RUN: not echo-opt %s -split-input-file --echo-import-tosa -o /dev/null 2>&1 | FileCheck %s
// CHECK: inference-errors.mlir:[[@LINE+6]]:8: error: 'echo.add' op operands must have a float element type, got 'tensor<2x8xi32>', 'tensor<1x8xi32>'

// echo's elementwise ops are float-only; TOSA adds integers too. (Its
// shape function built a tensor of a null element type here, and crashed.)
func.func @add_int(%x: tensor<2x8xi32>, %y: tensor<1x8xi32>) -> tensor<2x8xi32> {
  // expected-error @+1 {{'echo.add' op operands must have a float element type, got 'tensor<2x8xi32>', 'tensor<1x8xi32>'}}
  %0 = tosa.add %x, %y : (tensor<2x8xi32>, tensor<1x8xi32>) -> tensor<2x8xi32>
  return %0 : tensor<2x8xi32>
}

// -----

func.func @matmul_int(%a: tensor<1x2x4xi32>, %b: tensor<1x4x3xi32>) -> tensor<1x2x3xi32> {
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{'echo.batch_matmul' op operands must have a float element type, got 'tensor<1x2x4xi32>', 'tensor<1x4x3xi32>'}}
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x2x4xi32>, tensor<1x4x3xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1x2x3xi32>
  return %0 : tensor<1x2x3xi32>
}

// -----

func.func @negate_int(%x: tensor<2x8xi32>) -> tensor<2x8xi32> {
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{'echo.neg' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<2x8xi32>'}}
  %0 = tosa.negate %x, %zp, %zp : (tensor<2x8xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x8xi32>
  return %0 : tensor<2x8xi32>
}
