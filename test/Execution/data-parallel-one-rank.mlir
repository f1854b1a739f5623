// A data-parallel step of one rank needs no launcher and no MPI: its
// echo.all_reduce ops are copies, so three SGD steps give the same bits as
// the step without echo-data-parallel (docs/distributed.md). A step built
// for two ranks, run as one process, says how to start it.
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.1' -o %t.plain.mlir
// RUN: echo-opt %t.plain.mlir --echo-data-parallel=ranks=1 -o %t.one.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.one.mlir
// The loss and one bucket of the four gradients (echo.concat, one
// all-reduce, echo.split): the same bits still.
// IR-COUNT-2: echo.all_reduce mean %{{.*}} ranks 1
// IR-NOT: echo.all_reduce
// RUN: echo-run %t.plain.mlir --iterations 3 --dump-results %t.plain.bin
// RUN: echo-run %t.one.mlir --iterations 3 --dump-results %t.one.bin
// RUN: cmp %t.plain.bin %t.one.bin
// RUN: echo-opt %t.plain.mlir --echo-data-parallel=ranks=2 -o %t.two.mlir
// RUN: env ECHO_COMM_LIBRARY=/nonexistent/plugin.so not echo-run %t.two.mlir 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: echo_all_reduce: cannot load the communicator /nonexistent/plugin.so
// The training pipeline's ranks= runs the pass after autodiff: two calls
// of the runtime's all-reduce (the loss and one bucket of four gradients),
// mean of 2; five with bucket-bytes=0.
// RUN: echo-opt %s '--echo-training-pipeline=optimizer=sgd lr=0.1 ranks=2' | FileCheck %s --check-prefix=PIPE
// PIPE-COUNT-2: call @echo_all_reduce(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %c2_i64, %c1_i64)
// PIPE-NOT: call @echo_all_reduce
// RUN: echo-opt %s '--echo-training-pipeline=optimizer=sgd lr=0.1 ranks=2 bucket-bytes=0' | FileCheck %s --check-prefix=PIPE0
// PIPE0-COUNT-5: call @echo_all_reduce(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %c2_i64, %c1_i64)
// PIPE0-NOT: call @echo_all_reduce
// With shard=parameters (ZeRO-3), four parameters: each gathered before its
// forward use (w2 again before its backward use), reduce-scattered
// gradients.
// RUN: echo-opt %s '--echo-training-pipeline=optimizer=adam ranks=2 shard=parameters' | FileCheck %s --check-prefix=ZERO3
// ZERO3-COUNT-5: call @echo_all_gather(
// ZERO3-NOT: call @echo_all_gather(
// ZERO3-NOT: call @echo_shard(

func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
               %w1: tensor<16x16xf32> {echo.trainable}, %b1: tensor<16xf32> {echo.trainable},
               %w2: tensor<4x16xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %r = echo.relu %h : tensor<8x16xf32>
  %y = echo.linear %r, %w2, %b2 : (tensor<8x16xf32>, tensor<4x16xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
