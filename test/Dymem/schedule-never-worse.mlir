// schedule=best never plans more than the input order (schedule=none), and
// plans less where the input order is not memory-optimal: shipped models
// at their default configuration, with Echo's recomputation.
//
// RUN: echo-models resnet-cifar > %t.resnet.mlir
// RUN: echo-opt %t.resnet.mlir '--echo-training-pipeline=remat=echo schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.resnet.none
// RUN: echo-opt %t.resnet.mlir '--echo-training-pipeline=remat=echo schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.resnet.best
// RUN: python3 %S/Inputs/not_above.py %t.resnet.none %t.resnet.best | FileCheck %s --check-prefix=LOWER
//
// RUN: echo-models lstm-lm > %t.lm.mlir
// RUN: echo-opt %t.lm.mlir '--echo-training-pipeline=remat=echo schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.lm.none
// RUN: echo-opt %t.lm.mlir '--echo-training-pipeline=remat=echo schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.lm.best
// RUN: python3 %S/Inputs/not_above.py %t.lm.none %t.lm.best | FileCheck %s --check-prefix=LOWER
//
// RUN: echo-models nin > %t.nin.mlir
// RUN: echo-opt %t.nin.mlir '--echo-training-pipeline=remat=echo schedule=none' --echo-memory-report=format=json -o /dev/null 2> %t.nin.none
// RUN: echo-opt %t.nin.mlir '--echo-training-pipeline=remat=echo schedule=best' --echo-memory-report=format=json -o /dev/null 2> %t.nin.best
// RUN: python3 %S/Inputs/not_above.py %t.nin.none %t.nin.best | FileCheck %s --check-prefix=NOT-ABOVE
//
// The comparison itself fails on a higher peak.
// RUN: not python3 %S/Inputs/not_above.py %t.resnet.best %t.resnet.none | FileCheck %s --check-prefix=ABOVE
//
// LOWER: lower: {{[0-9]+}} -> {{[0-9]+}}
// NOT-ABOVE: {{^(lower|equal)}}:
// ABOVE: above: {{[0-9]+}} -> {{[0-9]+}}
