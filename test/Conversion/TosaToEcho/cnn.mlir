// A small NHWC CNN as the TensorFlow Lite converter writes it in TOSA
// (conv2d + ReLU clamp, max pooling, depthwise conv2d + ReLU6 clamp,
// average pooling, reshape, matmul, bias add), imported end to end:
// gradient check, training with falling loss, planning under every policy.
// RUN: echo-opt %s --echo-import-tosa='weights-as-arguments loss=cross-entropy' -o %t.mlir
// RUN: FileCheck %s --check-prefix=IMPORT --input-file=%t.mlir --implicit-check-not=tosa.
// RUN: echo-opt %t.mlir --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s --check-prefix=GRAD
// RUN: echo-opt %t.mlir '--echo-autodiff=optimizer=adam lr=0.01' | echo-run --iterations 30 --print-loss --seed 0 > %t.log
// RUN: python3 %S/../../Execution/Inputs/check_loss_drop.py 5 --min-iterations 30 < %t.log | FileCheck %s --check-prefix=TRAIN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=none gist=none' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=none gist=lossless' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=none gist=fp16' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=none gist=fp10' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=none gist=fp8' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=mirror gist=none' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=mirror gist=lossless' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=mirror gist=fp16' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=mirror gist=fp10' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=mirror gist=fp8' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=echo gist=none' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=echo gist=lossless' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=echo gist=fp16' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=echo gist=fp10' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: echo-opt %t.mlir --echo-training-pipeline='remat=echo gist=fp8' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN

// GRAD-NOT: FAIL
// GRAD: gradient check passed
// TRAIN: loss fell from
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}

// IMPORT-LABEL: func.func @forward(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<4x3x3x3xf32> {echo.trainable}, %arg2: tensor<4xf32> {echo.trainable}, %arg3: tensor<3x3x4x1xf32> {echo.trainable}, %arg4: tensor<4xf32> {echo.trainable}, %arg5: tensor<1x16x4xf32> {echo.trainable}, %arg6: tensor<1x1x4xf32> {echo.trainable}, %arg7: tensor<2xi32>) -> tensor<f32>
// IMPORT: %[[C1:.+]] = echo.conv2d %{{.+}}, %{{.+}}, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x8x8xf32>
// IMPORT: echo.relu
// IMPORT: echo.max_pool2d %{{.+}} {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
// IMPORT: %[[DW:.+]] = echo.transpose %arg3 permutation [2, 3, 0, 1] : tensor<3x3x4x1xf32> -> tensor<4x1x3x3xf32>
// IMPORT-NEXT: echo.conv2d %{{.+}}, %[[DW]], %arg4 {groups = 4 : i64, padding = array<i64: 1, 1>}
// IMPORT: echo.avg_pool2d %{{.+}} {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x4x4xf32> -> tensor<2x4x2x2xf32>
// IMPORT: %[[MM:.+]] = echo.batch_matmul %{{.+}}, %arg5 : (tensor<1x2x16xf32>, tensor<1x16x4xf32>) -> tensor<1x2x4xf32>
// IMPORT-NEXT: %[[B:.+]] = echo.add %[[MM]], %arg6
// IMPORT-NEXT: %[[Y:.+]] = echo.reshape %[[B]] : tensor<1x2x4xf32> -> tensor<2x4xf32>
// IMPORT-NEXT: echo.cross_entropy %[[Y]], %arg7

func.func @forward(%x: tensor<2x8x8x3xf32>) -> tensor<2x4xf32> {
  %w1 = "tosa.const"() <{values = dense<0.1> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
  %b1 = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w1, %b1, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8x8x4xf32>
  %1 = tosa.clamp %0 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32>
  %2 = tosa.max_pool2d %1 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<2x8x8x4xf32>) -> tensor<2x4x4x4xf32>
  %wd = "tosa.const"() <{values = dense<0.2> : tensor<3x3x4x1xf32>}> : () -> tensor<3x3x4x1xf32>
  %bd = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %3 = tosa.depthwise_conv2d %2, %wd, %bd, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x4x4x4xf32>, tensor<3x3x4x1xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x4x4x4xf32>
  %4 = tosa.clamp %3 {max_val = 6.0 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %izp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %5 = tosa.avg_pool2d %4, %izp, %izp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<2x4x4x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x2x2x4xf32>
  %s = tosa.const_shape {values = dense<[1, 2, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %6 = tosa.reshape %5, %s : (tensor<2x2x2x4xf32>, !tosa.shape<3>) -> tensor<1x2x16xf32>
  %wf = "tosa.const"() <{values = dense<0.05> : tensor<1x16x4xf32>}> : () -> tensor<1x16x4xf32>
  %7 = tosa.matmul %6, %wf, %zp, %zp : (tensor<1x2x16xf32>, tensor<1x16x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x4xf32>
  %bf = "tosa.const"() <{values = dense<0.0> : tensor<1x1x4xf32>}> : () -> tensor<1x1x4xf32>
  %8 = tosa.add %7, %bf : (tensor<1x2x4xf32>, tensor<1x1x4xf32>) -> tensor<1x2x4xf32>
  %s2 = tosa.const_shape {values = dense<[2, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %9 = tosa.reshape %8, %s2 : (tensor<1x2x4xf32>, !tosa.shape<2>) -> tensor<2x4xf32>
  return %9 : tensor<2x4xf32>
}
