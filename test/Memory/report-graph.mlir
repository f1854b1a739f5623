// echo-memory-report format=graph: the tensor-level step as JSON nodes
// (arguments, then ops: bytes, FLOPs, compute-heavy flag, memory category,
// phase, alias_of for stashes and views) and def-use edges, one object per
// function and line. The step below is echo-autodiff's output for
// Inputs/flatten.mlir (linear -> relu -> reshape -> reshape -> linear ->
// cross_entropy), written out.
//
// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-annotate-memory),echo-memory-report{format=graph})' -o /dev/null 2> %t.graph
// RUN: FileCheck %s < %t.graph
// RUN: python3 -c "import json,sys; g=json.loads(open(sys.argv[1]).readline()); print(len(g['nodes']), 'nodes', len(g['edges']), 'edges', 'outputs', g['outputs'])" %t.graph | FileCheck %s --check-prefix=COUNT
// COUNT: 21 nodes 25 edges outputs [12, 20, 15]
//
// CHECK: {"edges":[{"from":0,"operand":0,"to":4},{"from":2,"operand":1,"to":4},
// Arguments: %x 2x8 f32 (inputs), %labels 2 i32, %w1 8x8 (weights), %w2 3x8.
// CHECK-SAME: "nodes":[{"bytes":64,"category":"inputs","compute_heavy":false,"flops":0,"id":0,"op":"argument","phase":"argument","result_bytes":[64]},
// CHECK-SAME: {"bytes":8,"category":"inputs",{{.*}}"id":1,
// CHECK-SAME: {"bytes":256,"category":"weights",{{.*}}"id":2,
// CHECK-SAME: {"bytes":96,"category":"weights",{{.*}}"id":3,
// The first linear: 2x8x8 multiply-adds = 256 FLOPs, compute-heavy.
// CHECK-SAME: {"bytes":64,"category":"immediate","compute_heavy":true,"flops":256,"id":4,"op":"echo.linear","phase":"forward","result_bytes":[64],"result_categories":["immediate"]},
// The relu's map is stashed; the stash and the views of it hold no bytes
// and carry the category of the buffer they alias.
// CHECK-SAME: {"bytes":64,"category":"stashed","compute_heavy":false,{{.*}}"id":5,"op":"echo.relu",
// CHECK-SAME: {"alias_of":5,"bytes":0,"category":"stashed",{{.*}}"id":6,"op":"echo.stash",
// CHECK-SAME: {"alias_of":5,"bytes":0,"category":"stashed",{{.*}}"id":7,"op":"echo.reshape",
// CHECK-SAME: {"alias_of":7,"bytes":0,"category":"stashed",{{.*}}"id":8,"op":"echo.reshape",
// CHECK-SAME: "op":"echo.fill","phase":"backward"
// CHECK-SAME: "outputs":[12,20,15],"schema_version":1}
//
// On a bufferized module the graph is gone: a located error.
// RUN: echo-opt %s --echo-training-pipeline -o %t.planned.mlir
// RUN: not echo-opt %t.planned.mlir --echo-memory-report=format=graph -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLANNED
// PLANNED: error: echo-memory-report: format=graph reads the tensor-level step; run it before bufferization
// Without echo-annotate-memory there is nothing to report.
// RUN: not echo-opt %s --echo-memory-report=format=graph -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSTATS
// NOSTATS: error: echo-memory-report: format=graph found no function with memory categories; run echo-annotate-memory first

func.func @train_step(%x: tensor<2x8xf32>, %labels: tensor<2xi32>,
                      %w1: tensor<8x8xf32> {echo.trainable},
                      %w2: tensor<3x8xf32> {echo.trainable})
    -> (tensor<f32>, tensor<8x8xf32>, tensor<3x8xf32>) {
  %h = echo.linear %x, %w1 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %r = echo.relu %h : tensor<2x8xf32>
  %r_s = echo.stash %r : tensor<2x8xf32>
  %m = echo.reshape %r : tensor<2x8xf32> -> tensor<2x2x4xf32>
  %f = echo.reshape %m : tensor<2x2x4xf32> -> tensor<2x8xf32>
  %f_s = echo.stash %f : tensor<2x8xf32>
  %o = echo.linear %f, %w2 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %o_s = echo.stash %o : tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  %seed = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %do = echo.cross_entropy_grad %o_s, %labels, %seed : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  %dw2 = echo.linear_grad_weight %do, %f_s : (tensor<2x3xf32>, tensor<2x8xf32>) -> tensor<3x8xf32>
  %df = echo.linear_grad_input %do, %w2 : (tensor<2x3xf32>, tensor<3x8xf32>) -> tensor<2x8xf32>
  %dm = echo.reshape %df : tensor<2x8xf32> -> tensor<2x2x4xf32>
  %dr = echo.reshape %dm : tensor<2x2x4xf32> -> tensor<2x8xf32>
  %dh = echo.relu_grad %r_s, %dr : tensor<2x8xf32>
  %dw1 = echo.linear_grad_weight %dh, %x : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
  return %l, %dw1, %dw2 : tensor<f32>, tensor<8x8xf32>, tensor<3x8xf32>
}
