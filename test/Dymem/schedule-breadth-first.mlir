// An input order that is not memory-optimal: ResNet-152 printed
// breadth-first (echo-models --order=breadth-first: every ready layer
// level by level, as a framework running ready ops would). With Echo's
// recomputation its planned peak is above the depth-first order's, and
// schedule=best lowers it (as schedule=dfs alone does); without
// recomputation every feature map is stashed, the peak is the turn to the
// backward pass whatever the order, and best keeps it.
//
// RUN: echo-models resnet152 --order=breadth-first > %t.bf.mlir
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=remat=echo schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.none
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=remat=echo schedule=dfs' --echo-memory-report=format=json -o /dev/null 2> %t.dfs
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=remat=echo schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.best
// RUN: python3 %S/Inputs/not_above.py %t.none %t.best | FileCheck %s --check-prefix=LOWER
// RUN: python3 %S/Inputs/not_above.py %t.none %t.dfs | FileCheck %s --check-prefix=LOWER
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.base.none
// RUN: echo-opt %t.bf.mlir '--echo-training-pipeline=schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.base.best
// RUN: python3 %S/Inputs/not_above.py %t.base.none %t.base.best | FileCheck %s --check-prefix=NOT-ABOVE
//
// The breadth-first print verifies (every dependency kept) and differs
// from the built order.
// RUN: echo-models resnet152 > %t.mlir
// RUN: echo-opt %t.bf.mlir -o /dev/null
// RUN: not cmp -s %t.mlir %t.bf.mlir
//
// LOWER: lower: {{[0-9]+}} -> {{[0-9]+}}
// NOT-ABOVE: {{^(lower|equal)}}:
