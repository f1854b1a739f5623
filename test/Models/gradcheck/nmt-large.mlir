// The deeper Sockeye RNN NMT.
// `echo-run --check-gradients` with its default settings (3 directions, steps
// from 1e-2 down, tolerance 2e-2) on the training step of nmt-large at a small size;
// the step's ReLU and max-pooling kinks must not make it fail
// (docs/testing.md, "Gradient checks").
// RUN: echo-models nmt-large --batch 2 --src-len 3 --tgt-len 3 --hidden 8 --vocab 5 | echo-opt --echo-autodiff | echo-run --check-gradients | FileCheck %s
// CHECK-COUNT-3: gradient check: direction {{[0-2]}} {{.*}} ok
// CHECK-NOT: FAIL
// CHECK: gradient check passed
