// A step compiled ahead of time (echo-compile) and run by echo-step gives
// the bits echo-run's JIT gives: same plan, same runtime, same initial
// values, same memory statistics. MLP, LSTM LM and ResNet-8, each trained
// for 3 SGD steps (the dumps hold the loss, the updated parameters and
// every gradient of the last step).
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-models mlp --batch 4 --hidden 16 | echo-opt '--echo-autodiff=optimizer=sgd lr=0.1' > %t/mlp.mlir
// RUN: echo-compile %t/mlp.mlir --shared -o %t/mlp.so
// RUN: echo-run %t/mlp.mlir --iterations 3 --print-loss --memory-stats=json --dump-results %t/mlp.jit > %t/mlp.jit.txt
// RUN: echo-step %t/mlp.so --iterations 3 --print-loss --memory-stats=json --dump-results %t/mlp.aot > %t/mlp.aot.txt
// RUN: cmp %t/mlp.jit %t/mlp.aot
// RUN: diff %t/mlp.jit.txt %t/mlp.aot.txt
// RUN: FileCheck %s --input-file %t/mlp.aot.txt
// CHECK: iter 0 loss
// CHECK: iter 2 loss
// CHECK: {"peak_bytes": {{[1-9][0-9]*}}
//
// RUN: echo-models lstm-lm --batch 2 --seq-len 4 --hidden 8 --vocab 11 | echo-opt '--echo-autodiff=optimizer=adam lr=0.01' > %t/lm.mlir
// RUN: echo-compile %t/lm.mlir --shared -o %t/lm.so
// RUN: echo-run %t/lm.mlir --iterations 3 --seed 5 --print-loss --memory-stats=json --dump-results %t/lm.jit > %t/lm.jit.txt
// RUN: echo-step %t/lm.so --iterations 3 --seed 5 --print-loss --memory-stats=json --dump-results %t/lm.aot > %t/lm.aot.txt
// RUN: cmp %t/lm.jit %t/lm.aot
// RUN: diff %t/lm.jit.txt %t/lm.aot.txt
//
// ResNet-8 planned under Echo with lossless Gist encodings.
// RUN: echo-models resnet-cifar --batch 2 --depth 8 | echo-opt '--echo-autodiff=optimizer=sgd lr=0.05' '--echo-remat=gist=lossless' --gist-encode > %t/resnet.mlir
// RUN: echo-compile %t/resnet.mlir --shared -o %t/resnet.so
// RUN: echo-run %t/resnet.mlir --iterations 3 --print-loss --memory-stats=json --dump-results %t/resnet.jit > %t/resnet.jit.txt
// RUN: echo-step %t/resnet.so --iterations 3 --print-loss --memory-stats=json --dump-results %t/resnet.aot > %t/resnet.aot.txt
// RUN: cmp %t/resnet.jit %t/resnet.aot
// RUN: diff %t/resnet.jit.txt %t/resnet.aot.txt
//
// The object file alone (for linking into a host program) exports the three
// symbols and needs nothing but the runtime ABI.
// RUN: echo-compile %t/mlp.mlir -o %t/mlp.o
// RUN: llvm-nm %t/mlp.o | FileCheck %s --check-prefix=SYMS
// SYMS-DAG: T echo_step_invoke
// SYMS-DAG: R echo_step_manifest
// SYMS-DAG: R echo_step_packed_slots
// RUN: llvm-nm --undefined-only %t/mlp.o > %t/mlp.undefined
// RUN: FileCheck %s --check-prefix=UNDEF --input-file %t/mlp.undefined
// RUN: not grep -v " U echo_" %t/mlp.undefined
// UNDEF-DAG: U echo_step_begin
// UNDEF-DAG: U echo_linear
// UNDEF-DAG: U echo_alloc
