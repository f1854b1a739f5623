// Whole training steps with generated light-op kernels
// (--kernels=generated) against the same steps on the runtime's entries:
// the dumped losses, gradients, new parameters and optimizer state are
// bit-identical after several iterations, each feeding its new parameters
// to the next. The steps cover the shipped models under Baseline, Echo
// and Echo + Gist (fp8 DPR: lossy, so the encodings run in both), with SGD,
// momentum and Adam.
//
// MLP, Baseline, momentum.
// RUN: echo-models mlp --batch 8 --hidden 33 | echo-opt '--echo-autodiff=optimizer=momentum lr=0.1' > %t.mlp.mlir
// RUN: echo-run %t.mlp.mlir --no-cache --iterations 3 --dump-results %t.mlp.runtime
// RUN: echo-run %t.mlp.mlir --no-cache --iterations 3 --kernels=generated --dump-results %t.mlp.generated
// RUN: cmp %t.mlp.runtime %t.mlp.generated
//
// LSTM LM, Echo + Gist fp8, Adam.
// RUN: echo-models lstm-lm --batch 3 --seq-len 5 --hidden 17 --layers 2 --vocab 29 | echo-opt '--echo-autodiff=optimizer=adam lr=0.01' '--echo-remat=gist=fp8' '--gist-encode=dpr=fp8' > %t.lstm.mlir
// RUN: echo-run %t.lstm.mlir --no-cache --iterations 3 --dump-results %t.lstm.runtime
// RUN: echo-run %t.lstm.mlir --no-cache --iterations 3 --kernels=generated --dump-results %t.lstm.generated
// RUN: cmp %t.lstm.runtime %t.lstm.generated
//
// ResNet-8 on CIFAR, Echo + lossless Gist, SGD.
// RUN: echo-models resnet-cifar --batch 2 --depth 8 | echo-opt '--echo-autodiff=optimizer=sgd lr=0.05' '--echo-remat=gist=lossless' --gist-encode > %t.resnet.mlir
// RUN: echo-run %t.resnet.mlir --no-cache --iterations 2 --dump-results %t.resnet.runtime
// RUN: echo-run %t.resnet.mlir --no-cache --iterations 2 --kernels=generated --dump-results %t.resnet.generated
// RUN: cmp %t.resnet.runtime %t.resnet.generated
//
// The generated steps do run loops: no light entry is called.
// RUN: echo-opt %t.resnet.mlir '--echo-lower-to-cpu=kernels=generated' | FileCheck %s
// CHECK-LABEL: llvm.func @
// CHECK-NOT: llvm.call @echo_{{(unary|unary_grad|binary|sum_to|broadcast_to|reduce|softmax|sgd_update|fill|copy|transpose|batch_norm|batch_norm_grad|avg_pool2d|avg_pool2d_grad|concat_part|slice)}}(
// CHECK: llvm.call @echo_conv2d(
// CHECK-NOT: llvm.call @echo_{{(unary|unary_grad|binary|sum_to|broadcast_to|reduce|softmax|sgd_update|fill|copy|transpose|batch_norm|batch_norm_grad|avg_pool2d|avg_pool2d_grad|concat_part|slice)}}(
