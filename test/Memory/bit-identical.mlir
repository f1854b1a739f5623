// Buffer assignment changes where temporaries live, never what is
// computed: every result of the step (--dump-results) is bit-identical with
// and without the arena plan (--no-buffer-assign gives every temporary its
// own allocation).
// RUN: echo-opt %S/Inputs/mlp.mlir --echo-autodiff -o %t.mlp.mlir
// RUN: echo-run %t.mlp.mlir --seed 7 --dump-results %t.mlp.planned > /dev/null
// RUN: echo-run %t.mlp.mlir --seed 7 --no-buffer-assign --dump-results %t.mlp.separate > /dev/null
// RUN: cmp %t.mlp.planned %t.mlp.separate
//
// RUN: echo-opt %S/Inputs/cnn.mlir --echo-autodiff -o %t.cnn.mlir
// RUN: echo-run %t.cnn.mlir --seed 7 --dump-results %t.cnn.planned > /dev/null
// RUN: echo-run %t.cnn.mlir --seed 7 --no-buffer-assign --dump-results %t.cnn.separate > /dev/null
// RUN: cmp %t.cnn.planned %t.cnn.separate
//
// RUN: echo-opt %S/Inputs/lstm_cell.mlir --echo-autodiff -o %t.lstm.mlir
// RUN: echo-run %t.lstm.mlir --seed 7 --dump-results %t.lstm.planned > /dev/null
// RUN: echo-run %t.lstm.mlir --seed 7 --no-buffer-assign --dump-results %t.lstm.separate > /dev/null
// RUN: cmp %t.lstm.planned %t.lstm.separate
//
// RUN: echo-opt %S/Inputs/attention.mlir --echo-autodiff -o %t.att.mlir
// RUN: echo-run %t.att.mlir --seed 7 --dump-results %t.att.planned > /dev/null
// RUN: echo-run %t.att.mlir --seed 7 --no-buffer-assign --dump-results %t.att.separate > /dev/null
// RUN: cmp %t.att.planned %t.att.separate
//
// Several steps with in-place optimizer updates (Adam), fed back.
// RUN: echo-opt %S/Inputs/mlp.mlir '--echo-autodiff=optimizer=adam lr=0.1' -o %t.adam.mlir
// RUN: echo-run %t.adam.mlir --seed 7 --iterations 3 --dump-results %t.adam.planned > /dev/null
// RUN: echo-run %t.adam.mlir --seed 7 --iterations 3 --no-buffer-assign --dump-results %t.adam.separate > /dev/null
// RUN: cmp %t.adam.planned %t.adam.separate
//
// The dumps are not empty.
// RUN: test -s %t.att.planned
