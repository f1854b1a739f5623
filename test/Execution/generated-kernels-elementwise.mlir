// Generated light-op kernels (echo-light-calls-to-loops) against the CPU
// runtime's entries, bit for bit: every unary kind (exact GELU, results 28
// and 29, too) and its gradient, every
// binary kind, max_grad, dropout (the runtime's counter-based hash), its
// gradient, and SGD with and without momentum, on 1, 7, 257 and 1000003
// elements (NELEM below is replaced by each size). Inputs are uniform in
// [-1, 1), so log, sqrt and rsqrt also see negative inputs (NaN in both).
//
// No light entry is left as a call with --kernels=generated:
// RUN: sed 's/NELEM/7/g' %s > %t.7.mlir
// RUN: echo-opt %t.7.mlir '--echo-lower-to-cpu=kernels=generated' | FileCheck %s --check-prefix=LOOPS
// (their declarations stay, unused).
// LOOPS: llvm.func @elementwise(
// LOOPS-NOT: llvm.call @echo_{{(unary|unary_grad|binary|max_grad|dropout|dropout_grad|sgd_update)}}(
// LOOPS: llvm.call @expf(
// LOOPS-NOT: llvm.call @echo_{{(unary|unary_grad|binary|max_grad|dropout|dropout_grad|sgd_update)}}(
// And the runtime path calls them:
// RUN: echo-opt %t.7.mlir --echo-lower-to-cpu | FileCheck %s --check-prefix=CALLS
// CALLS-DAG: llvm.call @echo_unary(
// CALLS-DAG: llvm.call @echo_unary_grad(
// CALLS-DAG: llvm.call @echo_binary(
// CALLS-DAG: llvm.call @echo_max_grad(
// CALLS-DAG: llvm.call @echo_dropout(
// CALLS-DAG: llvm.call @echo_dropout_grad(
// CALLS-DAG: llvm.call @echo_sgd_update(
// Exact GELU's math.erf is libm's erff, as the runtime's std::erf(float):
// RUN: echo-opt %t.7.mlir '--echo-lower-to-cpu=kernels=generated' | FileCheck %s --check-prefix=ERF
// ERF: llvm.call @erff(
//
// RUN: echo-run %t.7.mlir --no-cache --seed 1 --dump-results %t.7.runtime
// RUN: echo-run %t.7.mlir --no-cache --seed 1 --kernels=generated --dump-results %t.7.generated
// RUN: cmp %t.7.runtime %t.7.generated
// RUN: sed 's/NELEM/1/g' %s > %t.1.mlir
// RUN: echo-run %t.1.mlir --no-cache --seed 2 --dump-results %t.1.runtime
// RUN: echo-run %t.1.mlir --no-cache --seed 2 --kernels=generated --dump-results %t.1.generated
// RUN: cmp %t.1.runtime %t.1.generated
// RUN: sed 's/NELEM/257/g' %s > %t.257.mlir
// RUN: echo-run %t.257.mlir --no-cache --seed 3 --dump-results %t.257.runtime
// RUN: echo-run %t.257.mlir --no-cache --seed 3 --kernels=generated --dump-results %t.257.generated
// RUN: cmp %t.257.runtime %t.257.generated
// RUN: sed 's/NELEM/1000003/g' %s > %t.big.mlir
// RUN: echo-run %t.big.mlir --no-cache --seed 4 --dump-results %t.big.runtime
// RUN: echo-run %t.big.mlir --no-cache --seed 4 --kernels=generated --dump-results %t.big.generated
// RUN: cmp %t.big.runtime %t.big.generated
//
// The comparison can fail: another seed gives other bits.
// RUN: echo-run %t.257.mlir --no-cache --seed 5 --kernels=generated --dump-results %t.257.seed5
// RUN: not cmp -s %t.257.runtime %t.257.seed5
//
// Every result is there (30 of them), with its size.
// RUN: python3 %S/Inputs/dump_headers.py %t.257.generated | FileCheck %s --check-prefix=DUMP
// DUMP: result 0 f32 [257] 1028 ok
// DUMP: result 23 i1 [257] 257 ok
// DUMP: result 27 f32 [257] 1028 ok
// DUMP: result 29 f32 [257] 1028 ok
// DUMP-NOT: result 30

!v = tensor<NELEMxf32>
!m = tensor<NELEMxi1>
func.func @elementwise(%a: !v, %b: !v, %c: !v, %mask_in: !m)
    -> (!v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v,
        !v, !v, !v, !v, !v, !v, !m, !v, !v, !v, !v, !v, !v) {
  %relu = echo.relu %a : !v
  %tanh = echo.tanh %a : !v
  %sigmoid = echo.sigmoid %a : !v
  %gelu = echo.gelu %a : !v
  %exp = echo.exp %a : !v
  %log = echo.log %a : !v
  %neg = echo.neg %a : !v
  %sqrt = echo.sqrt %a : !v
  %rsqrt = echo.rsqrt %a : !v
  %gelu_erf = echo.gelu_erf %a : !v
  %add = echo.add %a, %b : (!v, !v) -> !v
  %sub = echo.sub %a, %b : (!v, !v) -> !v
  %mul = echo.mul %a, %b : (!v, !v) -> !v
  %div = echo.div %a, %b : (!v, !v) -> !v
  %max = echo.max %a, %b : (!v, !v) -> !v
  %relu_grad = echo.relu_grad %a, %c : !v
  %tanh_grad = echo.tanh_grad %a, %c : !v
  %sigmoid_grad = echo.sigmoid_grad %a, %c : !v
  %gelu_grad = echo.gelu_grad %a, %c : !v
  %sqrt_grad = echo.sqrt_grad %a, %c : !v
  %rsqrt_grad = echo.rsqrt_grad %a, %c : !v
  %gelu_erf_grad = echo.gelu_erf_grad %a, %c : !v
  %da, %db = echo.max_grad %a, %b, %c : (!v, !v, !v) -> (!v, !v)
  %drop, %mask = echo.dropout %a probability 2.500000e-01 seed 7 : !v -> !v, !m
  %drop_grad = echo.dropout_grad %mask_in, %c probability 2.500000e-01 : !m, !v
  %p1 = echo.sgd_update %a, %b {lr = 1.000000e-01 : f64, weight_decay = 5.000000e-04 : f64} : (!v, !v) -> !v
  %p2, %v2 = echo.sgd_update %a, %b, %c {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64, weight_decay = 5.000000e-04 : f64} : (!v, !v, !v) -> (!v, !v)
  return %relu, %tanh, %sigmoid, %gelu, %exp, %log, %neg, %sqrt, %rsqrt,
         %add, %sub, %mul, %div, %max, %relu_grad, %tanh_grad, %sigmoid_grad,
         %gelu_grad, %sqrt_grad, %rsqrt_grad, %da, %db, %drop, %mask,
         %drop_grad, %p1, %p2, %v2, %gelu_erf, %gelu_erf_grad
      : !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, !v,
        !v, !v, !v, !v, !v, !v, !m, !v, !v, !v, !v, !v, !v
}
