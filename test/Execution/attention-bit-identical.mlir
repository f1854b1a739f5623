// A step with echo.attention (Memory/Inputs/fused_attention.mlir, causal)
// gives the same bits, over three SGD steps, whatever computes the light
// ops around it (the runtime's entries or generated loops; the attention
// entries stay library calls), with or without the arena plan, and under
// Echo's and Mirror's recomputation and lossless Gist (the attention is
// compute-heavy: never re-executed, its q, k, v, out, lse stay stashed).
// RUN: echo-opt %S/../Memory/Inputs/fused_attention.mlir '--echo-autodiff=optimizer=sgd lr=0.1' -o %t.step.mlir
// RUN: echo-run %t.step.mlir --no-cache --seed 3 --iterations 3 --dump-results %t.base > /dev/null
// RUN: echo-run %t.step.mlir --no-cache --seed 3 --iterations 3 --kernels=generated --dump-results %t.generated > /dev/null
// RUN: cmp %t.base %t.generated
// RUN: echo-run %t.step.mlir --no-cache --seed 3 --iterations 3 --no-buffer-assign --dump-results %t.separate > /dev/null
// RUN: cmp %t.base %t.separate
// RUN: echo-opt %t.step.mlir '--echo-remat=policy=echo' | echo-run - --no-cache --seed 3 --iterations 3 --dump-results %t.echo > /dev/null
// RUN: cmp %t.base %t.echo
// RUN: echo-opt %t.step.mlir '--echo-remat=policy=mirror' | echo-run - --no-cache --seed 3 --iterations 3 --dump-results %t.mirror > /dev/null
// RUN: cmp %t.base %t.mirror
// RUN: echo-opt %t.step.mlir '--gist-encode' | echo-run - --no-cache --seed 3 --iterations 3 --dump-results %t.gist > /dev/null
// RUN: cmp %t.base %t.gist
// The recomputing steps do recompute something (the heads' reshapes and
// transposes), never the attention.
// RUN: echo-opt %t.step.mlir '--echo-remat=policy=mirror' | FileCheck %s
// CHECK: echo.recompute
// CHECK-NOT: echo.attention {{.*}}causal{{.*}}
// CHECK: echo.attention_grad
