// policy=optimal (RematMilp.h): the peak model's problem as a MILP solved
// with COIN-OR CBC. Five attention queries share %k (Figure 8's shape):
// Echo's per-subgraph candidates model 3072 bytes; the MILP proves 2816
// optimal, with fewer recompute FLOPs (256 vs 640), and its objective is
// the peak the model reports for its plan. The planner packs both plans
// into the same arena (2816 bytes), with the MILP's recomputing less.
//
// The pass RUN lines start from Inputs/optimal.autodiff.mlir (the functions
// below after echo-autodiff).
// RUN: echo-opt %S/Inputs/optimal.autodiff.mlir '--echo-remat=policy=optimal remarks=true time-limit=2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: echo-remat: optimal: one program for 20 values ({{[0-9]+}} columns, {{[0-9]+}} rows): optimal, objective 2816, bound 2816, gap 0.00%; modeled peak 2816 bytes (Echo 3072), recompute FLOPs 256 (Echo 640); kept the MILP's plan
// REMARK: remark: echo-remat: proven lower bound of the modeled peak of per-use region plans (the MILP's bound): 2816 bytes
// REMARK: remark: echo-remat: modeled peak 2816 bytes
//
// Within a budget: the fewest FLOPs at or below it; below the optimum the
// program is infeasible and Echo's plan stays.
// RUN: echo-opt %S/Inputs/optimal.autodiff.mlir '--echo-remat=policy=optimal remarks=true time-limit=2 budget=3072' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: optimal, objective 192, bound 192, gap 0.00%; modeled peak 3072 bytes (Echo 3072), recompute FLOPs 192 (Echo 640); kept the MILP's plan
// RUN: echo-opt %S/Inputs/optimal.autodiff.mlir '--echo-remat=policy=optimal remarks=true time-limit=2 budget=2000' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT
// TIGHT: infeasible; modeled peak 3072 bytes (Echo 3072), recompute FLOPs 640 (Echo 640); kept Echo's plan
//
// The plan as built: regions, arena and recompute FLOPs from the memory
// report, through the training pipeline's remat=optimal as well.
// RUN: echo-opt %S/Inputs/optimal.autodiff.mlir '--echo-remat=policy=optimal time-limit=2' | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @scores
// IR-COUNT-4: echo.recompute
// IR-NOT: echo.recompute
// RUN: echo-opt %s '--echo-training-pipeline=remat=echo' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=ECHO
// RUN: echo-opt %s '--echo-training-pipeline=remat=optimal remat-time-limit=2' --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT
// ECHO: "arena_bytes":2816,{{.*}}"recompute":640}
// OPT: "arena_bytes":2816,{{.*}}"recompute":256}
//
// Gradients bit-identical to Baseline (two steps, byte for byte).
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %S/Inputs/optimal.autodiff.mlir | echo-run --seed 1 --iterations 2 --dump-results %t/none.out
// RUN: echo-opt %S/Inputs/optimal.autodiff.mlir '--echo-remat=policy=optimal time-limit=2' | echo-run --seed 1 --iterations 2 --dump-results %t/optimal.out
// RUN: cmp %t/none.out %t/optimal.out

func.func @scores(%xk: tensor<8x4xf32>, %xq: tensor<5x4xf32>, %labels: tensor<8xi32>,
                  %wk: tensor<4x4xf32> {echo.trainable}, %wq: tensor<4x4xf32> {echo.trainable},
                  %v: tensor<1x4xf32> {echo.trainable}) -> tensor<f32> {
  %k = echo.linear %xk, %wk : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  %q = echo.linear %xq, %wq : (tensor<5x4xf32>, tensor<4x4xf32>) -> tensor<5x4xf32>
  %q0 = echo.slice %q offsets [0, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e0 = echo.add %k, %q0 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z0 = echo.tanh %e0 : tensor<8x4xf32>
  %q1 = echo.slice %q offsets [1, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e1 = echo.add %k, %q1 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z1 = echo.tanh %e1 : tensor<8x4xf32>
  %q2 = echo.slice %q offsets [2, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e2 = echo.add %k, %q2 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z2 = echo.tanh %e2 : tensor<8x4xf32>
  %q3 = echo.slice %q offsets [3, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e3 = echo.add %k, %q3 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z3 = echo.tanh %e3 : tensor<8x4xf32>
  %q4 = echo.slice %q offsets [4, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e4 = echo.add %k, %q4 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z4 = echo.tanh %e4 : tensor<8x4xf32>
  %zc = echo.concat %z0, %z1, %z2, %z3, %z4 axis 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<40x4xf32>
  %s = echo.linear %zc, %v : (tensor<40x4xf32>, tensor<1x4xf32>) -> tensor<40x1xf32>
  %s2 = echo.reshape %s : tensor<40x1xf32> -> tensor<8x5xf32>
  %l = echo.cross_entropy %s2, %labels : (tensor<8x5xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
