// ViT at a small size (image 32: 4 patches and the class token, h 16, 2 layers).
// `echo-run --check-gradients` with its default settings (3 directions, steps
// from 1e-2 down, tolerance 2e-2) on the training step of vit at a small size
// (docs/testing.md, "Gradient checks").
// RUN: echo-models vit --batch 2 --image-size 32 --hidden 16 --layers 2 --heads 2 | echo-opt --echo-autodiff | echo-run --check-gradients | FileCheck %s
// CHECK-COUNT-3: gradient check: direction {{[0-2]}} {{.*}} ok
// CHECK-NOT: FAIL
// CHECK: gradient check passed
