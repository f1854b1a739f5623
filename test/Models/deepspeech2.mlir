// DeepSpeech2 (2 conv + batch norm, 7 bidirectional GRU layers of 1760,
// FC 1760, batch 8; docs/models.md).
//
// Reduced size (2 GRU layers of 4, 4 frames, batch 4): gradient check and
// one training iteration. The ReLUs after the convolutions have thousands
// of kinks that a finite-difference step can cross, so the check uses a
// seed and step that are known to stay clear of them.
// RUN: echo-models deepspeech2 --batch 4 --seq-len 4 --hidden 4 --layers 2 \
// RUN:   | echo-opt --echo-autodiff > %t.step.mlir
// RUN: echo-run --check-gradients=2 --seed 2 --gradient-epsilon=1e-3 %t.step.mlir | FileCheck %s --check-prefix=GRAD
// RUN: echo-run --iterations 1 --print-loss %t.step.mlir | FileCheck %s --check-prefix=LOSS
// GRAD-NOT: FAIL
// GRAD: gradient check passed
// LOSS: iter 0 loss {{[0-9]+\.[0-9]+}}
//
// Planning at a medium size: 100 frames (1 s of audio) instead of the
// default 300, whose 88K-op training step takes longer than a regression
// test should (about 8-18 s). The training step has 29,334 ops; planned
// peak about 2.30 GiB.
// RUN: echo-models deepspeech2 --seq-len 100 | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step",{{.*}}"ops":29334,{{.*}}"planned_peak_bytes":2465427372,
// PLAN: "function":"deepspeech2",{{.*}}"ops":10028,{{.*}}"planned_peak_bytes":1059943608,
