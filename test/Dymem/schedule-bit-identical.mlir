// echo-schedule changes when ops run, never what they compute: every result
// of a small residual network's step (--dump-results) is bit-identical in
// the input, depth-first and list orders, for the Baseline step and for the
// step after Echo's recomputation (echo.recompute regions move too).
// The orders really differ from the input (`not cmp`).
//
// RUN: echo-models resnet-cifar --batch 2 --depth 8 | echo-opt --echo-autodiff -o %t.base.mlir
// RUN: echo-opt %t.base.mlir --echo-schedule=order=dfs -o %t.base.dfs.mlir
// RUN: echo-opt %t.base.mlir --echo-schedule=order=list -o %t.base.list.mlir
// RUN: not cmp -s %t.base.mlir %t.base.dfs.mlir
// RUN: not cmp -s %t.base.mlir %t.base.list.mlir
// RUN: echo-run %t.base.mlir --seed 7 --dump-results %t.base.out > /dev/null
// RUN: echo-run %t.base.dfs.mlir --seed 7 --dump-results %t.base.dfs.out > /dev/null
// RUN: echo-run %t.base.list.mlir --seed 7 --dump-results %t.base.list.out > /dev/null
// RUN: cmp %t.base.out %t.base.dfs.out
// RUN: cmp %t.base.out %t.base.list.out
//
// RUN: echo-models resnet-cifar --batch 2 --depth 8 | echo-opt --echo-autodiff --echo-remat -o %t.echo.mlir
// RUN: echo-opt %t.echo.mlir --echo-schedule=order=dfs -o %t.echo.dfs.mlir
// RUN: echo-opt %t.echo.mlir --echo-schedule=order=list -o %t.echo.list.mlir
// RUN: not cmp -s %t.echo.mlir %t.echo.dfs.mlir
// RUN: not cmp -s %t.echo.mlir %t.echo.list.mlir
// RUN: echo-run %t.echo.mlir --seed 7 --dump-results %t.echo.out > /dev/null
// RUN: echo-run %t.echo.dfs.mlir --seed 7 --dump-results %t.echo.dfs.out > /dev/null
// RUN: echo-run %t.echo.list.mlir --seed 7 --dump-results %t.echo.list.out > /dev/null
// RUN: cmp %t.echo.out %t.echo.dfs.out
// RUN: cmp %t.echo.out %t.echo.list.out
//
// The dumps are not empty.
// RUN: test -s %t.echo.out
