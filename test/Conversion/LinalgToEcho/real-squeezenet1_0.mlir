// torchvision's SqueezeNet 1.0, as torch-mlir's LINALG_ON_TENSORS output
// prints it (a real export, %real_models/squeezenet1_0.mlir, 1x3x32x32,
// splat weights): ceil-mode max pooling (asymmetric -inf padding: dropped
// where no window reads it, explicit where one does), fire-module
// concatenation.
// Imported with its weights, gradient-checked, trained 10 SGD steps and
// planned under Echo + Gist fp8 and the optimal recompute policy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %real_models/squeezenet1_0.mlir --echo-import-linalg="weights-as-arguments weights-dir=%t/w loss=cross-entropy" -o %t/fwd.mlir 2> %t/import.log
// RUN: FileCheck %s --check-prefix=IMPORT --input-file=%t/fwd.mlir --implicit-check-not=linalg. --implicit-check-not=tensor. --implicit-check-not=arith.
// RUN: grep -c '= echo.conv2d ' %t/fwd.mlir | FileCheck %s --check-prefix=NCONV2D
// RUN: grep -c '= echo.concat ' %t/fwd.mlir | FileCheck %s --check-prefix=NCONCAT
// RUN: grep -c '= echo.max_pool2d ' %t/fwd.mlir | FileCheck %s --check-prefix=NMAXPOOL2D
// The exported splat weights leave this network dead: the first fire
// module's squeeze weight is negative on a non-negative input, so its ReLU
// and everything after it are 0, the logits are all 0 and the loss is
// ln(1000) whatever the input (PyTorch computes the same). With them the step computes exactly
// that; the gradient check and training use echo-run's initialization.
// The step of the check is 0.05: the f32 loss resolves no finer slope.
// RUN: echo-opt %t/fwd.mlir --echo-autodiff | echo-run --print-loss --seed 0 --inputs $(cat %t/w/inputs.txt) | FileCheck %s --check-prefix=DEAD
// RUN: echo-opt %t/fwd.mlir --echo-autodiff | echo-run --check-gradients=3 --seed 1 --gradient-epsilon 0.05 | FileCheck %s --check-prefix=GRAD
// RUN: echo-opt %t/fwd.mlir '--echo-autodiff=optimizer=sgd lr=0.01' | echo-run --iterations 10 --print-loss --seed 0 > %t/train.log
// RUN: python3 %S/../../Execution/Inputs/check_loss_drop.py 1.005 --min-iterations 10 < %t/train.log | FileCheck %s --check-prefix=TRAIN
// RUN: echo-opt %t/fwd.mlir --echo-training-pipeline='remat=echo gist=fp8' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t/fwd.mlir --echo-training-pipeline='remat=optimal' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN

// IMPORT: func.func @forward(%arg0: tensor<1x3x32x32xf32>, {{.*}}{echo.trainable}{{.*}}, %arg{{[0-9]+}}: tensor<1xi32>) -> tensor<f32>
// IMPORT: echo.cross_entropy
// NCONV2D: {{^}}26{{$}}
// NCONCAT: {{^}}10{{$}}
// NMAXPOOL2D: {{^}}3{{$}}
// DEAD: iter 0 loss 6.9077
// GRAD-NOT: FAIL
// GRAD: gradient check passed
// TRAIN: loss fell from
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
// REQUIRES: slow
