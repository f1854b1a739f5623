// ResNet-152 (batch norm over 2 images of 2x2 in the last stage).
// `echo-run --check-gradients` with its default settings (3 directions, steps
// from 1e-2 down, tolerance 2e-2) on the training step of resnet152 at a small size;
// the step's ReLU and max-pooling kinks must not make it fail
// (docs/testing.md, "Gradient checks").
// RUN: echo-models resnet152 --batch 2 --image-size 64 | echo-opt --echo-autodiff | echo-run --check-gradients | FileCheck %s
// CHECK-COUNT-3: gradient check: direction {{[0-2]}} {{.*}} ok
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// REQUIRES: slow
// REQUIRES: long
