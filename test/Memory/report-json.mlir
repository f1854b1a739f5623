// The JSON contract of --echo-memory-report=format=json on the training
// steps of small models: one object per planned function (@train_step
// first, then the forward function), every contract key present with its type, and
// consistent totals (Inputs/check_report.py; keys in docs/memory.md).
//
// MLP.
// RUN: echo-opt %S/Inputs/mlp.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.mlp.json
// RUN: python3 %S/Inputs/check_report.py %t.mlp.json --function mlp --function train_step | FileCheck %s --check-prefix=MLP
// MLP: report ok: @train_step
// MLP-NEXT: report ok: @mlp
// Conv + relu + max-pool + linear.
// RUN: echo-opt %S/Inputs/cnn.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.cnn.json
// RUN: python3 %S/Inputs/check_report.py %t.cnn.json --function train_step | FileCheck %s
// LSTM cell.
// RUN: echo-opt %S/Inputs/lstm_cell.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.lstm.json
// RUN: python3 %S/Inputs/check_report.py %t.lstm.json --function train_step | FileCheck %s
// Residual block.
// RUN: echo-opt %S/Inputs/residual.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.res.json
// RUN: python3 %S/Inputs/check_report.py %t.res.json --function train_step | FileCheck %s
// CHECK: report ok: @train_step
//
// Known values of the MLP step (test/Execution/memory-stats.mlir): weights
// w1 16x16, b1 16, w2 4x16 = 1344 bytes; inputs x 8x16 f32 + labels 8xi32 =
// 544 bytes; the gradients (1344 bytes) and the loss (4 bytes) are results.
// The step stashes the tanh (8x16 f32) and the second linear (8x4 f32).
// Forward FLOPs are those of the forward function; the step adds backward.
// RUN: grep '"function":"train_step"' %t.mlp.json | FileCheck %s --check-prefix=STEP
// STEP-DAG: "weights":1344
// STEP-DAG: "inputs":544
// STEP-DAG: "weight_gradients":1348
// STEP-DAG: "optimizer_state":0
// STEP-DAG: "by_op_kind":{"echo.linear":128,"echo.tanh":512}
// STEP-DAG: "flops":{"backward":{{[1-9][0-9]*}},"forward":5536,"recompute":0}
// STEP-DAG: "persistent_bytes":3236
// RUN: grep '"function":"mlp"' %t.mlp.json | FileCheck %s --check-prefix=FWD
// FWD-DAG: "by_op_kind":{}
// FWD-DAG: "flops":{"backward":0,"forward":5536,"recompute":0}
//
// With Adam, the optimizer state (m, v: 2 x 1344 bytes, and the 4-byte step
// count) is an argument and a result: 2 x 2692 bytes.
// RUN: echo-opt %S/Inputs/mlp.mlir '--echo-training-pipeline=optimizer=adam' --echo-memory-report=format=json -o /dev/null 2> %t.adam.json
// RUN: python3 %S/Inputs/check_report.py %t.adam.json --function train_step | FileCheck %s
// RUN: grep '"function":"train_step"' %t.adam.json | FileCheck %s --check-prefix=ADAM
// ADAM: "optimizer_state":5384
