// BERT at a small size (2 layers, h 16, 2 heads, seq 8, vocab 32).
// `echo-run --check-gradients` with its default settings (3 directions, steps
// from 1e-2 down, tolerance 2e-2) on the training step of bert at a small size
// (docs/testing.md, "Gradient checks").
// RUN: echo-models bert --batch 2 --seq-len 8 --hidden 16 --layers 2 --heads 2 --vocab 32 | echo-opt --echo-autodiff | echo-run --check-gradients | FileCheck %s
// CHECK-COUNT-3: gradient check: direction {{[0-2]}} {{.*}} ok
// CHECK-NOT: FAIL
// CHECK: gradient check passed
