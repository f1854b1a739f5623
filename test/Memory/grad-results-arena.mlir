// grad-results=arena keeps the gradients and the loss of a step without an
// optimizer in the planned arena, from their first write on, instead of in
// out-parameters the caller allocates for the whole step. It changes no bit
// of any result: the dumps of two steps (echo-run --dump-results reads the
// results where the step leaves them) are the same bytes under both
// conventions, on an MLP, an AlexNet with a flatten at a small input and
// the LSTM language model.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-models mlp --batch 4 --hidden 32 | echo-opt --echo-autodiff -o %t/mlp.mlir
// RUN: echo-run %t/mlp.mlir --seed 3 --iterations 2 --dump-results %t/mlp.out > /dev/null 2>&1
// RUN: echo-run %t/mlp.mlir --seed 3 --iterations 2 --grad-results=arena --dump-results %t/mlp.arena > /dev/null 2>&1
// RUN: cmp %t/mlp.out %t/mlp.arena
// RUN: test -s %t/mlp.arena
//
// RUN: echo-models alexnet --batch 2 --image-size 67 | echo-opt --echo-autodiff -o %t/alexnet.mlir
// RUN: echo-run %t/alexnet.mlir --seed 3 --iterations 2 --dump-results %t/alexnet.out > /dev/null 2>&1
// RUN: echo-run %t/alexnet.mlir --seed 3 --iterations 2 --grad-results=arena --dump-results %t/alexnet.arena > /dev/null 2>&1
// RUN: cmp %t/alexnet.out %t/alexnet.arena
//
// RUN: echo-models lstm-lm --batch 2 --seq-len 4 --hidden 16 --vocab 32 | echo-opt --echo-autodiff -o %t/lm.mlir
// RUN: echo-run %t/lm.mlir --seed 3 --iterations 2 --dump-results %t/lm.out > /dev/null 2>&1
// RUN: echo-run %t/lm.mlir --seed 3 --iterations 2 --grad-results=arena --dump-results %t/lm.arena > /dev/null 2>&1
// RUN: cmp %t/lm.out %t/lm.arena
//
// The same step compiled ahead of time: echo-step reads the results from
// the arena it passes, and gives the JIT's bits and memory statistics.
// RUN: echo-compile %t/alexnet.mlir --grad-results=arena --shared -o %t/alexnet.so
// RUN: echo-step %t/alexnet.so --seed 3 --iterations 2 --print-loss --memory-stats=json --dump-results %t/alexnet.aot > %t/alexnet.aot.txt
// RUN: echo-run %t/alexnet.mlir --seed 3 --iterations 2 --grad-results=arena --print-loss --memory-stats=json > %t/alexnet.jit.txt 2> /dev/null
// RUN: cmp %t/alexnet.out %t/alexnet.aot
// RUN: diff %t/alexnet.jit.txt %t/alexnet.aot.txt
//
// The planned peak counts the gradients in the arena (weight_gradients at
// the peak) and not as persistent bytes; it is what the runtime measures,
// byte for byte, and it is lower than with out-parameters: the early
// layers' gradients are not yet written at the peak.
// RUN: echo-opt %t/alexnet.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t/alexnet.out.json
// RUN: echo-opt %t/alexnet.mlir --echo-training-pipeline=grad-results=arena --echo-memory-report=format=json -o /dev/null 2> %t/alexnet.arena.json
// RUN: echo-run %t/alexnet.mlir --grad-results=arena --memory-stats=json > %t/alexnet.stats
// RUN: python3 %S/Inputs/compare_peak.py %t/alexnet.arena.json %t/alexnet.stats | FileCheck %s --check-prefix=AGREE
// AGREE: peak agrees: {{[1-9][0-9]*}} bytes
// RUN: python3 %S/Inputs/check_report.py %t/alexnet.arena.json --function train_step | FileCheck %s --check-prefix=CONTRACT
// CONTRACT: report ok: @train_step
// RUN: python3 %S/Inputs/compare_grad_results.py %t/alexnet.out.json %t/alexnet.arena.json | FileCheck %s --check-prefix=LOWER
// LOWER: persistent weight_gradients: out-params {{[1-9][0-9]*}}, arena 0
// LOWER-NEXT: weight_gradients at the peak: arena < out-params
// LOWER-NEXT: planned peak: arena < out-params
//
// RUN: echo-opt %t/lm.mlir --echo-training-pipeline=grad-results=arena --echo-memory-report=format=json -o /dev/null 2> %t/lm.arena.json
// RUN: echo-run %t/lm.mlir --grad-results=arena --memory-stats=json > %t/lm.stats
// RUN: python3 %S/Inputs/compare_peak.py %t/lm.arena.json %t/lm.stats | FileCheck %s --check-prefix=AGREE
//
// The planned step takes the arena as its last argument and says where
// each result lies in it.
// RUN: echo-opt %t/mlp.mlir --echo-training-pipeline=grad-results=arena | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @train_step
// IR-SAME: %{{[a-z0-9]+}}: memref<{{[0-9]+}}xi8> {echo.arena})
// IR-SAME: echo.arena_results = array<i64: 0, {{[0-9]+}}, 1, {{[0-9]+}}, 2, {{[0-9]+}}
// IR-NOT: memref.alloc
// IR: echo.arena_result = 0 : i64
// IR: return
// IR-NEXT: }
//
// Without buffer assignment there is no arena to keep results in.
// RUN: not echo-run %t/mlp.mlir --grad-results=arena --no-buffer-assign 2>&1 | FileCheck %s --check-prefix=NOPLAN
// NOPLAN: echo-run: --grad-results=arena keeps results in the planned arena; it does not combine with --no-buffer-assign
// RUN: not echo-compile %t/mlp.mlir --grad-results=arena --no-buffer-assign -o %t/x.o 2>&1 | FileCheck %s --check-prefix=NOPLANAOT
// NOPLANAOT: echo-compile: --grad-results=arena keeps results in the planned arena of the CPU pipeline
// REQUIRES: slow
