// Echo followed by gist-encode (echo-training-pipeline="remat=echo gist=G")
// must not plan more than gist-encode alone. echo-remat costs a region input
// as gist-encode stores it (fp8, SSDC) and, since the region reads it
// decoded, charges the decoded copy while the region runs; without that
// charge it recomputed from fp8 inputs on the default LSTM LM and planned
// 2,883,584 arena bytes against Gist fp8's 2,584,576. Merged regions (the
// FLOPs phase) decode each input once: the Transformer, 523 MB with
// per-use regions, plans below Gist alone with them.
// RUN: python3 %S/Inputs/echo_tool.py echo-opt with-gist lstm-lm fp8 | FileCheck %s
// CHECK: lstm-lm remat=none gist=fp8 arena=2584576 recompute_flops=0
// CHECK: lstm-lm remat=echo gist=fp8 arena=2516992 recompute_flops={{[1-9][0-9]*}}
// CHECK: echo+gist <= gist alone
// RUN: python3 %S/Inputs/echo_tool.py echo-opt with-gist resnet-cifar fp8 | FileCheck %s --check-prefix=CIFAR
// CIFAR: echo+gist <= gist alone
// RUN: python3 %S/Inputs/echo_tool.py echo-opt with-gist transformer fp8 | FileCheck %s --check-prefix=TRANSFORMER
// TRANSFORMER: transformer remat=none gist=fp8 arena=498560256
// TRANSFORMER: echo+gist <= gist alone
// For the mlp model the per-subgraph choices stalled above Baseline's modeled peak
// (168448 arena bytes against 149504); echo-remat now drops them all.
// RUN: python3 %S/Inputs/echo_tool.py echo-opt with-gist mlp fp8 | FileCheck %s --check-prefix=MLP
// MLP: mlp remat=none gist=fp8 arena=149504 recompute_flops=0
// MLP: mlp remat=echo gist=fp8 arena=149504 recompute_flops=0
// MLP: echo+gist <= gist alone
