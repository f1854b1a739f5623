// Recomputation re-executes the same kernels on the same inputs, so the
// results of a step (loss, gradients / updated weights) are bit-identical to
// Baseline under every policy (echo, mirror, optimal, optimal with
// recompute-heavy): MLP, LSTM LM, additive attention and a conv
// model, two SGD steps each, compared byte for byte with cmp.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/echo_tool.py echo-opt models mlp --batch=4 --hidden=16 > %t/mlp.mlir
// RUN: python3 %S/Inputs/echo_tool.py echo-opt models lstm-lm --batch=2 --seq-len=4 --hidden=8 --layers=2 --vocab=10 > %t/lstm-lm.mlir
// RUN: cp %S/Inputs/attention.mlir %S/Inputs/conv.mlir %t/
//
// RUN: for m in mlp lstm-lm attention conv; do \
// RUN:   echo-opt %t/$m.mlir --echo-autodiff | echo-run --seed 1 --iterations 2 --dump-results %t/$m.none.out && \
// RUN:   echo-opt %t/$m.mlir --echo-autodiff '--echo-remat=policy=echo' | echo-run --seed 1 --iterations 2 --dump-results %t/$m.echo.out && \
// RUN:   echo-opt %t/$m.mlir --echo-autodiff '--echo-remat=policy=mirror' | echo-run --seed 1 --iterations 2 --dump-results %t/$m.mirror.out && \
// RUN:   echo-opt %t/$m.mlir --echo-autodiff '--echo-remat=policy=optimal time-limit=2' | echo-run --seed 1 --iterations 2 --dump-results %t/$m.optimal.out && \
// RUN:   echo-opt %t/$m.mlir --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true time-limit=20' > %t/$m.heavy.mlir && \
// RUN:   echo-run --seed 1 --iterations 2 --dump-results %t/$m.heavy.out < %t/$m.heavy.mlir && \
// RUN:   cmp %t/$m.none.out %t/$m.echo.out && cmp %t/$m.none.out %t/$m.mirror.out && cmp %t/$m.none.out %t/$m.optimal.out && \
// RUN:   cmp %t/$m.none.out %t/$m.heavy.out && echo "identical $m" || exit 1; \
// RUN: done | FileCheck %s
// The transformation must actually fire on each model (otherwise the
// comparison is vacuous).
// RUN: for m in mlp lstm-lm attention conv; do \
// RUN:   echo-opt %t/$m.mlir --echo-autodiff '--echo-remat=policy=mirror' | grep -c echo.recompute | sed "s/^/$m regions /"; \
// RUN: done | FileCheck %s --check-prefix=FIRES
// CHECK: identical mlp
// CHECK: identical lstm-lm
// CHECK: identical attention
// CHECK: identical conv
// recompute-heavy re-runs a heavy op in a region on three of them.
// RUN: for m in mlp attention conv; do \
// RUN:   awk '/echo.recompute/ { r = 1 } r && /echo.(linear|matmul|conv2d) / { n++ } /echo.yield/ { r = 0 } END { print n + 0 }' %t/$m.heavy.mlir | sed "s/^/$m heavy /"; \
// RUN: done | FileCheck %s --check-prefix=HEAVY
// HEAVY: mlp heavy {{[1-9]}}
// HEAVY: attention heavy {{[1-9]}}
// HEAVY: conv heavy {{[1-9]}}
// FIRES: mlp regions {{[1-9]}}
// FIRES: lstm-lm regions {{[1-9]}}
// FIRES: attention regions {{[1-9]}}
// FIRES: conv regions {{[1-9]}}
// REQUIRES: slow
