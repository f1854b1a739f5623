// nmt-large: the Sockeye RNN NMT with 4 encoder and 4 decoder layers at
// sentence length 37, sized so that the differentiated step has about
// 15.9K ops (the graph size Echo quotes for large NMT models); used for
// compile-time benchmarks (docs/models.md).
//
// Reduced size: gradient check and one training iteration.
// RUN: echo-models nmt-large --batch 2 --src-len 3 --tgt-len 3 --hidden 4 --vocab 5 --layers 3 \
// RUN:   | echo-opt --echo-autodiff > %t.step.mlir
// RUN: echo-run --check-gradients=2 --seed 1 %t.step.mlir | FileCheck %s --check-prefix=GRAD
// RUN: echo-run --iterations 1 --print-loss %t.step.mlir | FileCheck %s --check-prefix=LOSS
// GRAD-NOT: FAIL
// GRAD: gradient check passed
// LOSS: iter 0 loss {{[0-9]+\.[0-9]+}}
//
// Default size: the training step has 15,910 ops; planned peak about
// 1.54 GiB.
// RUN: echo-models nmt-large | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step",{{.*}}"ops":15910,{{.*}}"planned_peak_bytes":{{[1-9][0-9]+}},
// PLAN: "function":"nmt_large",{{.*}}"ops":4808,{{.*}}"planned_peak_bytes":{{[1-9][0-9]+}},
