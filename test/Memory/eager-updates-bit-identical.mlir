// Eager optimizer updates (echo-autodiff's eager-updates, the default) move
// each update right after its gradient is final; they change no bit of any
// result. Several fed-back steps of each optimizer, with the updates at the
// end of the step (eager-updates=false) and eager, dump the same bytes
// (echo-run --dump-results + cmp), on the MLP, the LSTM language model
// (gradients accumulated over unrolled steps) and a ResNet (batch norm,
// residual fan-out). The eager step's planned peak is lower and still the
// peak the runtime measures.
//
// RUN: echo-models mlp --batch 4 --hidden 32 > %t.mlp.mlir
// RUN: echo-opt %t.mlp.mlir '--echo-autodiff=optimizer=sgd lr=0.1 eager-updates=false' -o %t.mlp.late.mlir
// RUN: echo-opt %t.mlp.mlir '--echo-autodiff=optimizer=sgd lr=0.1' -o %t.mlp.eager.mlir
// RUN: echo-run %t.mlp.late.mlir --seed 3 --iterations 3 --dump-results %t.mlp.late > /dev/null
// RUN: echo-run %t.mlp.eager.mlir --seed 3 --iterations 3 --dump-results %t.mlp.eager > /dev/null
// RUN: cmp %t.mlp.late %t.mlp.eager
// RUN: test -s %t.mlp.eager
//
// RUN: echo-models lstm-lm --batch 2 --seq-len 4 --hidden 16 --vocab 32 > %t.lm.mlir
// RUN: echo-opt %t.lm.mlir '--echo-autodiff=optimizer=adam lr=0.01 eager-updates=false' -o %t.lm.late.mlir
// RUN: echo-opt %t.lm.mlir '--echo-autodiff=optimizer=adam lr=0.01' -o %t.lm.eager.mlir
// RUN: echo-run %t.lm.late.mlir --seed 3 --iterations 3 --dump-results %t.lm.late > /dev/null
// RUN: echo-run %t.lm.eager.mlir --seed 3 --iterations 3 --dump-results %t.lm.eager > /dev/null
// RUN: cmp %t.lm.late %t.lm.eager
//
// RUN: echo-models resnet-cifar --batch 2 --depth 8 --image-size 8 > %t.resnet.mlir
// RUN: echo-opt %t.resnet.mlir '--echo-autodiff=optimizer=momentum lr=0.05' -o %t.resnet.eager.mlir
// RUN: echo-opt %t.resnet.mlir '--echo-autodiff=optimizer=momentum lr=0.05 eager-updates=false' -o %t.resnet.late.mlir
// RUN: echo-run %t.resnet.late.mlir --seed 3 --iterations 2 --dump-results %t.resnet.late > /dev/null
// RUN: echo-run %t.resnet.eager.mlir --seed 3 --iterations 2 --dump-results %t.resnet.eager > /dev/null
// RUN: cmp %t.resnet.late %t.resnet.eager
//
// The updates really moved: in the eager LSTM step an adam_update comes
// before the last backward op that is not an update, and none does in the
// late one.
// RUN: FileCheck %s --check-prefix=EAGER < %t.lm.eager.mlir
// RUN: FileCheck %s --check-prefix=LATE < %t.lm.late.mlir
// EAGER-LABEL: func.func @train_step
// EAGER:         echo.adam_update
// EAGER:         echo.linear_grad
// EAGER:         return
// LATE-LABEL:  func.func @train_step
// LATE:          echo.adam_update
// LATE-NOT:      echo.linear_grad
// LATE:          return
//
// Planned peak: eager below late, and measured == planned for the eager step.
// RUN: echo-opt %t.resnet.late.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.resnet.late.report
// RUN: echo-opt %t.resnet.eager.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.resnet.eager.report
// RUN: python3 %S/Inputs/compare_reports.py %t.resnet.late.report %t.resnet.eager.report | FileCheck %s --check-prefix=LOWER
// LOWER: lower: {{[1-9][0-9]*}} -> {{[1-9][0-9]*}} bytes
// RUN: echo-run %t.resnet.eager.mlir --iterations 2 --memory-stats=json > %t.resnet.eager.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.resnet.eager.report %t.resnet.eager.stats | FileCheck %s --check-prefix=AGREE
// AGREE: peak agrees: {{[1-9][0-9]*}} bytes
