// The Sockeye 1.5 RNN NMT of echo-models (IWSLT15 en-vi, Echo's main
// workload; docs/models.md).
//
// Reduced size: the differentiated step passes the finite-difference
// gradient check and trains one iteration.
// RUN: echo-models nmt --batch 2 --src-len 3 --tgt-len 3 --hidden 4 --vocab 5 \
// RUN:   | echo-opt --echo-autodiff > %t.step.mlir
// RUN: echo-run --check-gradients=2 --seed 1 %t.step.mlir | FileCheck %s --check-prefix=GRAD
// RUN: echo-run --iterations 1 --print-loss %t.step.mlir | FileCheck %s --check-prefix=LOSS
// GRAD-NOT: FAIL
// GRAD: gradient check passed
// LOSS: iter 0 loss {{[0-9]+\.[0-9]+}}
//
// Default size (batch 128, source and target length 100, hidden 512):
// memory planning of the forward function and of the training step
// (26,923 ops; planned peak about 4.37 GiB).
// RUN: echo-models nmt | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step",{{.*}}"ops":26923,{{.*}}"planned_peak_bytes":{{[1-9][0-9]+}},
// PLAN: "function":"nmt",{{.*}}"ops":8123,{{.*}}"planned_peak_bytes":{{[1-9][0-9]+}},
