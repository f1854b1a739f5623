// planned == measured for a training step with echo.attention (causal
// self-attention block, Inputs/fused_attention.mlir): the peak the CPU
// runtime measures equals the plan byte for byte, with and without an
// optimizer; the attention entries allocate nothing of their own.
// RUN: echo-opt %S/Inputs/fused_attention.mlir --echo-autodiff -o %t.mlir
// RUN: echo-opt %t.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.report
// RUN: echo-run %t.mlir --memory-stats=json > %t.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.report %t.stats | FileCheck %s
//
// RUN: echo-opt %S/Inputs/fused_attention.mlir '--echo-autodiff=optimizer=adam' -o %t.adam.mlir
// RUN: echo-opt %t.adam.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.adam.report
// RUN: echo-run %t.adam.mlir --iterations 3 --memory-stats=json > %t.adam.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.adam.report %t.adam.stats | FileCheck %s
// CHECK: peak agrees: {{[1-9][0-9]*}} bytes
//
// The plan holds no [B, H, L, L] buffer (the scores would be 2x2x12x12).
// RUN: echo-opt %t.mlir --echo-training-pipeline | FileCheck %s --check-prefix=PLAN --implicit-check-not=2x2x12x12
// PLAN: call @echo_attention(
// PLAN: call @echo_attention_grad(
