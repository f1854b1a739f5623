// Passes.td: "With `remarks`, each subgraph's decision is reported as a remark
// at its first op: ops recomputed, bytes released and allocated, FLOPs."
//
// BUG 1 (Remat.cpp, runOnOperation): under policy=echo a subgraph whose
// trimmed path does not save memory is dropped before the remark loop, so
// the Figure 7 decision ("recompute nothing") is never reported.
// RUN: echo-opt %s --echo-autodiff '--echo-remat=remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ECHO
// ECHO: remarks-contract.mlir:[[#@LINE+17]]:8: remark: echo-remat:
//
// BUG 2 (Remat.cpp, materialize): under policy=mirror the loss subgraph
// {cross_entropy} has nothing the backward reads, so materialize() creates no
// region, yet the remark says "recompute 1 ops (30 FLOPs); stashed bytes
// 0 -> 24". Remarks must describe what is materialized: the FLOPs they
// announce must add up to flops.recompute of the memory report (32 here).
// RUN: echo-opt %s --echo-autodiff '--echo-remat=policy=mirror remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIRROR
// MIRROR-NOT: remarks-contract.mlir:[[#@LINE+12]]:8: remark: echo-remat: recompute {{[1-9]}}
// MIRROR: remarks-contract.mlir:[[#@LINE+8]]:8: remark: echo-remat: recompute 2 ops in 1 region(s) (32 FLOPs); stashed bytes 64 -> 128
// MIRROR-NOT: remarks-contract.mlir:[[#@LINE+10]]:8: remark: echo-remat: recompute {{[1-9]}}

func.func @fig7(%in: tensor<2x8xf32>, %labels: tensor<2xi32>,
                %w1: tensor<8x8xf32> {echo.trainable}, %w2: tensor<8x8xf32> {echo.trainable},
                %wo: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %x = echo.linear %in, %w1 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %y = echo.linear %in, %w2 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %s = echo.add %x, %y : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %z = echo.tanh %s : tensor<2x8xf32>
  %o = echo.linear %z, %wo : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
