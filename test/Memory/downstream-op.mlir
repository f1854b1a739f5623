// An op of another dialect that declares its cost (echo_test.square,
// test/lib: CostOpInterface and DifferentiableOpInterface, nothing else of
// echo's) is counted by echo-annotate-memory and drawn by
// echo-memory-report's graph as the echo op in its place (echo.gelu, whose
// gradient also reads its input) is: its output, stashed for the second
// linear's weight gradient, is in the "stashed" category and counted under
// its op kind.
// RUN: echo-opt %s -split-input-file --echo-autodiff | echo-opt -split-input-file --pass-pipeline='builtin.module(func.func(echo-annotate-memory))' | FileCheck %s
// RUN: echo-opt %s -split-input-file --echo-autodiff | echo-opt -split-input-file --pass-pipeline='builtin.module(func.func(echo-annotate-memory),echo-memory-report{format=graph})' -o /dev/null 2> %t.graph
// RUN: python3 -c "import json,sys; [print(n['op'], n['category'], n['bytes'], n['flops'], n['phase']) for l in open(sys.argv[1]) if l.startswith('{') for n in json.loads(l)['nodes'] if n['op'] in ('echo_test.square', 'echo.gelu')]" %t.graph | FileCheck %s --check-prefix=GRAPH

// CHECK-LABEL: func.func @train_step
// CHECK-SAME:    stashed_by_op_kind = {echo.linear = 1152 : i64, echo_test.square = 1024 : i64}
// CHECK:         echo_test.square %{{.*}} {echo.category = [#echo.category<stashed>]}
// CHECK-LABEL: func.func @train_step
// CHECK-SAME:    stashed_by_op_kind = {echo.gelu = 1024 : i64, echo.linear = 1152 : i64}
// CHECK:         echo.gelu %{{.*}} {echo.category = [#echo.category<stashed>]}

// @forward, then @train_step, per op:
// GRAPH: echo_test.square immediate 1024 256 forward
// GRAPH-NEXT: echo_test.square stashed 1024 256 forward
// GRAPH-NEXT: echo.gelu immediate 1024 {{[0-9]+}} forward
// GRAPH-NEXT: echo.gelu stashed 1024 {{[0-9]+}} forward

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo_test.square %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @forward(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
                   %w1: tensor<32x16xf32> {echo.trainable},
                   %w2: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
  %a = echo.gelu %h : tensor<8x32xf32>
  %o = echo.linear %a, %w2 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
