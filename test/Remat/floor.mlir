// What no recomputation can remove. echo-remat's closing remark gives the
// modeled peak, the point where it is reached, Baseline's and mirror's
// modeled peaks, and a lower bound at that point for every policy that keeps
// the op order, kernels and encodings and never re-runs heavy ops: values
// live there anyway, stashed values read there, and a minimum vertex cut of
// what must be kept to rebuild the values read later (RematFloor.cpp).
//
// For every shipped model (small sizes) the bound holds (floor <= Echo's
// peak <= mirror's, Baseline's). Where Echo's peak *is* the floor, no
// recomputation policy, mirror included, can plan less: the CNNs whose peak
// is ReLU maps that a weight gradient or pool backward reads in full, and
// the MLP.
// RUN: python3 %S/Inputs/floor_check.py echo-opt | FileCheck %s
// CHECK: model mlp {{.*}} at floor, mirror equal
// CHECK: model lstm-lm {{.*}} above floor, mirror above
// CHECK: model resnet50 {{.*}} above floor, mirror above
// CHECK: model vgg16 {{.*}} at floor, mirror equal
// CHECK: model alexnet {{.*}} at floor, mirror equal
// CHECK: model nin {{.*}} at floor, mirror above
// CHECK: model overfeat {{.*}} at floor, mirror equal
// CHECK-NOT: FAIL
// CHECK: floor: OK
//
// The remark's exact figures on Figure 8's step (regression check).
// RUN: echo-opt %S/fig8-fig13-shared-broadcast.mlir --echo-autodiff '--echo-remat=remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIG8
// FIG8: remark: echo-remat: modeled peak 4096 bytes at point 86 (Baseline 5120, mirror 5120); no recomputation goes below 768 there
