// The in-place pairs of InPlaceOpInterface, lowered onto the runtime calls:
// bufferizing an echo op emits its call with `echo.in_place`, the flattened
// (input, output) positions among the call's memref operands, which is all
// echo-buffer-assign reads.
// RUN: echo-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})' | FileCheck %s
// RUN: echo-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(echo-buffer-assign))' | FileCheck %s --check-prefix=PLAN

// Unary (0, 1) after the kind; binary offers both operands, the broadcast
// one too (the planner's same-size rule turns it down); unary backward
// offers only the gradient (forward at 0, grad at 1, result at 2); a
// reduction offers nothing.
// CHECK-LABEL: func.func @elementwise
// CHECK: call @echo_unary({{.*}}) {echo.in_place = array<i64: 0, 1>}
// CHECK: call @echo_binary({{.*}}) {echo.in_place = array<i64: 0, 2, 1, 2>}
// CHECK: call @echo_unary_grad({{.*}}) {echo.in_place = array<i64: 1, 2>}
// CHECK: call @echo_reduce(
// CHECK-NOT: echo.in_place
// CHECK: return
func.func @elementwise(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<f32> {
  %0 = echo.relu %x : tensor<4x8xf32>
  %1 = echo.add %0, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %2 = echo.tanh_grad %0, %1 : tensor<4x8xf32>
  %3 = echo.reduce sum %2 dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %3 : tensor<f32>
}

// mul %x, %x: each operand keeps its own position (the planner finds the
// one buffer behind both and merges it once).
// CHECK-LABEL: func.func @same_operand
// CHECK: call @echo_binary({{.*}}) {echo.in_place = array<i64: 0, 2, 1, 2>}
func.func @same_operand(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = echo.mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// Backward ops with a mask, labels or an encoding before the gradient.
// CHECK-LABEL: func.func @backward
// CHECK: call @echo_dropout_grad({{.*}}) {echo.in_place = array<i64: 1, 2>}
// CHECK: call @echo_cross_entropy_grad_i32({{.*}}) {echo.in_place = array<i64: 0, 3>}
// CHECK: call @echo_relu_grad_binarized({{.*}}) {echo.in_place = array<i64: 1, 2>}
func.func @backward(%m: tensor<4x8xi1>, %dy: tensor<4x8xf32>,
                    %logits: tensor<4x8xf32>, %labels: tensor<4xi32>,
                    %dloss: tensor<f32>,
                    %e: !echo.encoded<tensor<4x8xf32>, #echo.encoding<binarize>>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = echo.dropout_grad %m, %dy probability 1.000000e-01 : tensor<4x8xi1>, tensor<4x8xf32>
  %1 = echo.cross_entropy_grad %logits, %labels, %dloss : (tensor<4x8xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x8xf32>
  %2 = echo.relu_grad_encoded %e, %dy : (!echo.encoded<tensor<4x8xf32>, #echo.encoding<binarize>>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// Optimizer state: sgd passes (param, grad, velocity-or-param, new_param,
// new_velocity-or-new_param); adam (param, grad, m, v, step, new_param,
// new_m, new_v).
// CHECK-LABEL: func.func @optimizers
// CHECK: call @echo_sgd_update({{.*}}) {echo.in_place = array<i64: 0, 3>}
// CHECK: call @echo_sgd_update({{.*}}) {echo.in_place = array<i64: 0, 3, 2, 4>}
// CHECK: call @echo_adam_update({{.*}}) {echo.in_place = array<i64: 0, 5, 2, 6, 3, 7>}
func.func @optimizers(%p: tensor<16xf32>, %g: tensor<16xf32>,
                      %v: tensor<16xf32>, %t: tensor<f32>)
    -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>,
        tensor<16xf32>, tensor<16xf32>) {
  %0 = echo.sgd_update %p, %g {lr = 1.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %1, %2 = echo.sgd_update %p, %g, %v {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  %3, %4, %5 = echo.adam_update %p, %g, %v, %v, %t {lr = 1.000000e-03 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return %0, %1, %2, %3, %4, %5 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

// What the planner makes of it: exp's result dies at neg, which writes over
// it (one slot, one 256-byte arena); neg's result dies at the reduction,
// which offers no pair, so the reduction's own buffer would need a slot of
// its own, but it is returned and stays outside the arena.
// PLAN-LABEL: func.func @planned
// PLAN-SAME: echo.arena_plan = #echo.arena_plan<bytes = 256,
// PLAN: echo.alloc_for = "echo.exp"{{.*}}echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[S:[0-9]+]]>
// PLAN: echo.alloc_for = "echo.neg"{{.*}}echo.slice = #echo.slice<offset = 0, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[S]]>
func.func @planned(%x: tensor<64xf32>) -> tensor<f32> {
  %0 = echo.exp %x : tensor<64xf32>
  %1 = echo.neg %0 : tensor<64xf32>
  %2 = echo.reduce sum %1 dims [0] : tensor<64xf32> -> tensor<f32>
  return %2 : tensor<f32>
}
