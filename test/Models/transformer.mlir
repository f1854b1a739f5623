// Transformer base (6+6 layers, d 512, FFN 2048, 8 heads, dropout 0.1,
// shared embeddings; docs/models.md).
//
// Reduced size (1+1 layers, d 8 = 8 heads of width 1): gradient
// check and one training iteration.
// RUN: echo-models transformer --batch 2 --seq-len 3 --hidden 8 --layers 1 --vocab 5 \
// RUN:   | echo-opt --echo-autodiff > %t.step.mlir
// RUN: echo-run --check-gradients=2 --seed 1 %t.step.mlir | FileCheck %s --check-prefix=GRAD
// RUN: echo-run --iterations 1 --print-loss %t.step.mlir | FileCheck %s --check-prefix=LOSS
// GRAD-NOT: FAIL
// GRAD: gradient check passed
// LOSS: iter 0 loss {{[0-9]+\.[0-9]+}}
//
// Default size (batch 32, source and target length 50, vocabulary 37,000):
// the training step has 1,642 ops; planned peak about 1.59 GiB.
// RUN: echo-models transformer | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step",{{.*}}"ops":1642,{{.*}}"planned_peak_bytes":{{[1-9][0-9]+}},
// PLAN: "function":"transformer",{{.*}}"ops":542,{{.*}}"planned_peak_bytes":{{[1-9][0-9]+}},
