// torchvision's MobileNet v3 small, as torch-mlir's LINALG_ON_TENSORS output
// prints it (a real export, %real_models/mobilenet_v3_small.mlir, 1x3x32x32,
// splat weights): hardswish and hardsigmoid (bounds from i64 fills),
// squeeze-and-excitation scales broadcast over the maps, adaptive average
// pooling.
// Imported with its weights, gradient-checked, trained 10 SGD steps and
// planned under Echo + Gist fp8 and the optimal recompute policy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %real_models/mobilenet_v3_small.mlir --echo-import-linalg="weights-as-arguments weights-dir=%t/w loss=cross-entropy" -o %t/fwd.mlir 2> %t/import.log
// RUN: FileCheck %s --check-prefix=IMPORT --input-file=%t/fwd.mlir --implicit-check-not=linalg. --implicit-check-not=tensor. --implicit-check-not=arith.
// RUN: grep -c '= echo.conv2d ' %t/fwd.mlir | FileCheck %s --check-prefix=NCONV2D
// RUN: grep -c '= echo.linear ' %t/fwd.mlir | FileCheck %s --check-prefix=NLINEAR
// RUN: grep -c '= echo.avg_pool2d ' %t/fwd.mlir | FileCheck %s --check-prefix=NAVGPOOL2D
// RUN: echo-opt %t/fwd.mlir --echo-autodiff | echo-run --check-gradients=3 --seed 1 --inputs $(cat %t/w/inputs.txt) | FileCheck %s --check-prefix=GRAD
// RUN: echo-opt %t/fwd.mlir '--echo-autodiff=optimizer=sgd lr=0.01' | echo-run --iterations 10 --print-loss --seed 0 --inputs $(cat %t/w/inputs.txt) > %t/train.log
// RUN: python3 %S/../../Execution/Inputs/check_loss_drop.py 1.005 --min-iterations 10 < %t/train.log | FileCheck %s --check-prefix=TRAIN
// RUN: echo-opt %t/fwd.mlir --echo-training-pipeline='remat=echo gist=fp8' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t/fwd.mlir --echo-training-pipeline='remat=optimal' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN

// IMPORT: func.func @forward(%arg0: tensor<1x3x32x32xf32>, {{.*}}{echo.trainable}{{.*}}, %arg{{[0-9]+}}: tensor<1xi32>) -> tensor<f32>
// IMPORT: echo.cross_entropy
// NCONV2D: {{^}}52{{$}}
// NLINEAR: {{^}}2{{$}}
// NAVGPOOL2D: {{^}}6{{$}}
// GRAD-NOT: FAIL
// GRAD: gradient check passed
// TRAIN: loss fell from
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
// REQUIRES: slow
