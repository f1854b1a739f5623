// gist-encode on a training step written out in full (echo-autodiff's
// output for linear -> relu -> dropout -> linear -> cross_entropy), so the
// pass's own input is in this file.
//
// RUN: echo-opt %s --gist-encode | FileCheck %s --check-prefix=LOSSLESS
// RUN: echo-opt %s '--gist-encode=lossless=false dpr=fp16 dpr-min-bytes=0' | FileCheck %s --check-prefix=FP16
// RUN: echo-opt %s '--gist-encode=lossless=false' | FileCheck %s --check-prefix=OFF --implicit-check-not=echo.encode --implicit-check-not=echo.decode

// Lossless: the relu output only relu_grad reads -> binarize, read in place
// by relu_grad_encoded; the dropout mask -> mask1 and decoded before
// dropout_grad; the dropout output (linear_grad_weight) stays plain.
// LOSSLESS-LABEL: func.func @train_step
// LOSSLESS:         %[[R:.*]] = echo.relu
// LOSSLESS-NEXT:    %[[D:.*]], %[[M:.*]] = echo.dropout %[[R]]
// LOSSLESS-DAG:     %[[MENC:.*]] = echo.encode %[[M]] : tensor<4x64xi1> as #echo.encoding<mask1>
// LOSSLESS-DAG:     %[[RENC:.*]] = echo.encode %[[R]] : tensor<4x64xf32> as #echo.encoding<binarize>
// LOSSLESS-DAG:     %[[DS:.*]] = echo.stash %[[D]] : tensor<4x64xf32>
// LOSSLESS-NOT:     echo.stash %[[R]]
// LOSSLESS-NOT:     echo.stash %[[M]]
// LOSSLESS:         echo.linear_grad_weight %{{.*}}, %[[DS]]
// LOSSLESS:         %[[MDEC:.*]] = echo.decode %[[MENC]]
// LOSSLESS-NEXT:    %[[G:.*]] = echo.dropout_grad %[[MDEC]],
// LOSSLESS-NEXT:    echo.relu_grad_encoded %[[RENC]], %[[G]]

// fp16 DPR instead: the two f32 maps become fp16 encodings decoded right
// before their backward use; the i1 mask has no DPR form and stays a stash.
// FP16-LABEL: func.func @train_step
// FP16:         %[[R:.*]] = echo.relu
// FP16-NEXT:    %[[D:.*]], %[[M:.*]] = echo.dropout %[[R]]
// FP16-DAG:     %[[RENC:.*]] = echo.encode %[[R]] : tensor<4x64xf32> as #echo.encoding<fp16>
// FP16-DAG:     %[[DENC:.*]] = echo.encode %[[D]] : tensor<4x64xf32> as #echo.encoding<fp16>
// FP16-DAG:     echo.stash %[[M]] : tensor<4x64xi1>
// FP16:         %[[DDEC:.*]] = echo.decode %[[DENC]]
// FP16-NEXT:    echo.linear_grad_weight %{{.*}}, %[[DDEC]]
// FP16:         %[[RDEC:.*]] = echo.decode %[[RENC]]
// FP16-NEXT:    echo.relu_grad %[[RDEC]],

// Nothing enabled: the step is unchanged.
// OFF-LABEL: func.func @train_step
// OFF-COUNT-4: echo.stash

func.func @train_step(%arg0: tensor<4x32xf32>, %arg1: tensor<4xi32>, %arg2: tensor<64x32xf32> {echo.trainable}, %arg3: tensor<10x64xf32> {echo.trainable}) -> (tensor<f32>, tensor<64x32xf32>, tensor<10x64xf32>) {
  %0 = echo.linear %arg0, %arg2 : (tensor<4x32xf32>, tensor<64x32xf32>) -> tensor<4x64xf32>
  %1 = echo.relu %0 : tensor<4x64xf32>
  %2 = echo.stash %1 : tensor<4x64xf32>
  %output, %mask = echo.dropout %1 probability 2.500000e-01 seed 7 : tensor<4x64xf32> -> tensor<4x64xf32>, tensor<4x64xi1>
  %3 = echo.stash %mask : tensor<4x64xi1>
  %4 = echo.stash %output : tensor<4x64xf32>
  %5 = echo.linear %output, %arg3 : (tensor<4x64xf32>, tensor<10x64xf32>) -> tensor<4x10xf32>
  %6 = echo.stash %5 : tensor<4x10xf32>
  %7 = echo.cross_entropy %5, %arg1 : (tensor<4x10xf32>, tensor<4xi32>) -> tensor<f32>
  %8 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %9 = echo.cross_entropy_grad %6, %arg1, %8 : (tensor<4x10xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x10xf32>
  %10 = echo.linear_grad_weight %9, %4 : (tensor<4x10xf32>, tensor<4x64xf32>) -> tensor<10x64xf32>
  %11 = echo.linear_grad_input %9, %arg3 : (tensor<4x10xf32>, tensor<10x64xf32>) -> tensor<4x64xf32>
  %12 = echo.dropout_grad %3, %11 probability 2.500000e-01 : tensor<4x64xi1>, tensor<4x64xf32>
  %13 = echo.relu_grad %2, %12 : tensor<4x64xf32>
  %14 = echo.linear_grad_weight %13, %arg0 : (tensor<4x64xf32>, tensor<4x32xf32>) -> tensor<64x32xf32>
  return %7, %14, %10 : tensor<f32>, tensor<64x32xf32>, tensor<10x64xf32>
}
