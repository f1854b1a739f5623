// policy=optimal recompute-heavy=true: the MILP may re-run a compute-heavy
// op (echo.linear) from its operands, charging its FLOPs. Three linear
// maps of the input %x (an argument, live anyway) are squared and summed;
// each square's backward reads its linear's output, so without the option
// all three stay stashed until the backward (no light op can stand in for
// a heavy result). With it, a region re-runs each linear from %x right
// before its backward reader. Ops with several results are decided too
// (the LSTM section below).
//
// Without the option: nothing to recompute, the plan is Echo's.
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal remarks=true time-limit=5' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIGHT
// LIGHT: optimal, objective 5120, bound 5120, gap 0.00%; modeled peak 5120 bytes (Echo 5120), recompute FLOPs 0 (Echo 0); kept Echo's plan
// LIGHT: remark: echo-remat: modeled peak 5120 bytes at point {{[0-9]+}} (Baseline 5120, mirror 6400); no recomputation goes below 5120 there
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal time-limit=5' | FileCheck %s --check-prefix=LIGHTIR
// LIGHTIR-LABEL: func.func @squares
// LIGHTIR-NOT: echo.recompute
//
// With it, at budget=min: the lowest peak, 4096 bytes, re-running one
// linear (2 * 4 * 8 * 64 = 4096 FLOPs); the floor remark then lets heavy
// ops be re-run too.
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true remarks=true time-limit=5' -o /dev/null 2>&1 | FileCheck %s --check-prefix=HEAVY
// HEAVY: remark: echo-remat: optimal: one program for 9 values ({{[0-9]+}} columns, {{[0-9]+}} rows): optimal, objective 4096, bound 4096, gap 0.00%; modeled peak 4096 bytes (Echo 5120), recompute FLOPs 4096 (Echo 0); kept the MILP's plan
// HEAVY: remark: echo-remat: modeled peak 4096 bytes at point {{[0-9]+}} (Baseline 5120, mirror 6400); no recomputation goes below 2048 there
// HEAVY: remark: echo-remat: recompute 1 ops in 1 region(s) (4096 FLOPs)
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true time-limit=5' | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @train_step
// IR: echo.recompute(%arg0, %{{.*}}) : (tensor<4x8xf32>, tensor<64x8xf32>) -> tensor<4x64xf32> {
// IR-NEXT: ^bb0(%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<64x8xf32>):
// IR-NEXT: %[[H:.*]] = echo.linear %[[X]], %[[W]]
// IR-NEXT: echo.yield %[[H]]
// IR-NOT: echo.recompute
//
// Within a budget: the fewest FLOPs at or below it; below the optimum
// the program is infeasible and Echo's plan stays.
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true remarks=true time-limit=5 budget=4096' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: optimal, objective 4096, bound 4096, gap 0.00%; modeled peak 4096 bytes (Echo 5120), recompute FLOPs 4096 (Echo 0); kept the MILP's plan
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true remarks=true time-limit=5 budget=4000' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT
// TIGHT: infeasible; modeled peak 5120 bytes (Echo 5120), recompute FLOPs 0 (Echo 0); kept Echo's plan
//
// The plan as built: the memory report's arena and recompute FLOPs.
// RUN: echo-opt %s --echo-autodiff --echo-training-pipeline=remat=none --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=BASE
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true time-limit=5' --echo-training-pipeline=remat=none --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// BASE: {"activations":{"largest_bytes":{{[0-9]+}},"point":{{[0-9]+}}},"arena_bytes":5120,{{.*}}"recompute":0}
// REPORT: {"activations":{"largest_bytes":{{[0-9]+}},"point":{{[0-9]+}}},"arena_bytes":4096,{{.*}}"recompute":4096}
//
// Gradients bit-identical to Baseline (two steps, byte for byte).
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s --echo-autodiff | echo-run --seed 1 --iterations 2 --dump-results %t/none.out
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true time-limit=5' | echo-run --seed 1 --iterations 2 --dump-results %t/heavy.out
// RUN: cmp %t/none.out %t/heavy.out
//
// An LSTM LM: ops with several results (the cell's echo.split) are decided
// too, one decision per op, so a region re-runs a cell's gates (linear,
// then split) from its stashed concat(x, h); gradients stay bit-identical.
// (Solved to optimality in seconds, within the node limit; the time limit
// is a safety stop far above.)
// RUN: python3 %S/Inputs/echo_tool.py echo-opt models lstm-lm --batch=8 --seq-len=3 --hidden=4 --layers=1 --vocab=64 > %t/lstm.mlir
// RUN: echo-opt %t/lstm.mlir --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true time-limit=120 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LSTMREMARK
// LSTMREMARK: one program for 59 values ({{[0-9]+}} columns, {{[0-9]+}} rows): optimal, objective 7680, bound 7680, gap 0.00%; modeled peak 7680 bytes (Echo {{[0-9]+}})
// RUN: echo-opt %t/lstm.mlir --echo-autodiff '--echo-remat=policy=optimal recompute-heavy=true time-limit=120' > %t/lstm.heavy.mlir
// RUN: FileCheck %s --check-prefix=LSTM < %t/lstm.heavy.mlir
// LSTM-LABEL: func.func @train_step
// LSTM: echo.recompute
// LSTM: %[[G:.*]] = echo.linear %in,
// LSTM-NEXT: echo.split %[[G]] axis 1
// RUN: echo-opt %t/lstm.mlir --echo-autodiff | echo-run --seed 1 --iterations 2 --dump-results %t/lstm.none.out
// RUN: echo-run --seed 1 --iterations 2 --dump-results %t/lstm.heavy.out < %t/lstm.heavy.mlir
// RUN: cmp %t/lstm.none.out %t/lstm.heavy.out
//
// Invalid: only policy=optimal decides heavy ops; the value is a bool.
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=echo recompute-heavy=true}))' 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=optimal recompute-heavy=maybe}))' 2>&1 | FileCheck %s --check-prefix=BOOL
// POLICY: optimal-heavy.mlir:[[#@LINE+3]]:1: error: echo-remat: recompute-heavy needs policy=optimal
// BOOL: for the --recompute-heavy option: 'maybe' is invalid value for boolean argument!

func.func @squares(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
                   %w0: tensor<64x8xf32> {echo.trainable},
                   %w1: tensor<64x8xf32> {echo.trainable},
                   %w2: tensor<64x8xf32> {echo.trainable},
                   %v: tensor<5x64xf32> {echo.trainable}) -> tensor<f32> {
  %h0 = echo.linear %x, %w0 : (tensor<4x8xf32>, tensor<64x8xf32>) -> tensor<4x64xf32>
  %s0 = echo.mul %h0, %h0 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %h1 = echo.linear %x, %w1 : (tensor<4x8xf32>, tensor<64x8xf32>) -> tensor<4x64xf32>
  %s1 = echo.mul %h1, %h1 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %t1 = echo.add %s0, %s1 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %h2 = echo.linear %x, %w2 : (tensor<4x8xf32>, tensor<64x8xf32>) -> tensor<4x64xf32>
  %s2 = echo.mul %h2, %h2 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %t2 = echo.add %t1, %s2 : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %y = echo.linear %t2, %v : (tensor<4x64xf32>, tensor<5x64xf32>) -> tensor<4x5xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<4x5xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
// REQUIRES: slow
