// An input order that is not memory-optimal: Inception-v4 printed
// breadth-first (echo-models --order=breadth-first: every ready layer level
// by level, as a framework running ready ops would), so the branches of
// each block run side by side and their temporaries are live at once.
// schedule=best lowers its planned peak (Baseline and Echo), and the
// depth-first order alone does too; as built (branch by branch) it is
// never raised.
//
// RUN: echo-models inception-v4 --batch 1 --image-size 75 --order=breadth-first > %t.bf.mlir
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.bf.none
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=schedule=dfs' --echo-memory-report=format=json -o /dev/null 2> %t.bf.dfs
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.bf.best
// RUN: python3 %S/Inputs/not_above.py %t.bf.none %t.bf.best | FileCheck %s --check-prefix=LOWER
// RUN: python3 %S/Inputs/not_above.py %t.bf.none %t.bf.dfs | FileCheck %s --check-prefix=LOWER
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=remat=echo schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.bf.echo.none
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=remat=echo schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.bf.echo.best
// RUN: python3 %S/Inputs/not_above.py %t.bf.echo.none %t.bf.echo.best | FileCheck %s --check-prefix=LOWER
//
// The same model as built: best is never above the input order.
// RUN: echo-models inception-v4 --batch 1 --image-size 75 > %t.mlir
// RUN: echo-opt %t.mlir '--echo-training-pipeline=schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.none
// RUN: echo-opt %t.mlir '--echo-training-pipeline=schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.best
// RUN: python3 %S/Inputs/not_above.py %t.none %t.best | FileCheck %s --check-prefix=NOT-ABOVE
//
// The breadth-first print verifies (every dependency kept) and differs
// from the built order.
// RUN: echo-opt %t.bf.mlir -o /dev/null
// RUN: not cmp -s %t.mlir %t.bf.mlir
//
// LOWER: lower: {{[0-9]+}} -> {{[0-9]+}}
// NOT-ABOVE: {{^(lower|equal)}}:
