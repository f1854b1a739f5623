// The peak the runtime measures (echo-run --memory-stats=json, counting
// allocator) equals the planned peak of @train_step in the memory report,
// byte for byte: persistent buffers (arguments and results) plus one arena.
// RUN: echo-opt %S/Inputs/mlp.mlir --echo-autodiff -o %t.mlp.mlir
// RUN: echo-opt %t.mlp.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.mlp.report
// RUN: echo-run %t.mlp.mlir --memory-stats=json > %t.mlp.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.mlp.report %t.mlp.stats | FileCheck %s
//
// RUN: echo-opt %S/Inputs/cnn.mlir --echo-autodiff -o %t.cnn.mlir
// RUN: echo-opt %t.cnn.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.cnn.report
// RUN: echo-run %t.cnn.mlir --memory-stats=json > %t.cnn.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.cnn.report %t.cnn.stats | FileCheck %s
//
// RUN: echo-opt %S/Inputs/lstm_cell.mlir --echo-autodiff -o %t.lstm.mlir
// RUN: echo-opt %t.lstm.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.lstm.report
// RUN: echo-run %t.lstm.mlir --memory-stats=json > %t.lstm.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.lstm.report %t.lstm.stats | FileCheck %s
//
// With an optimizer (in-place updates, optimizer state as arguments and
// results) and several iterations.
// RUN: echo-opt %S/Inputs/mlp.mlir '--echo-autodiff=optimizer=adam' -o %t.adam.mlir
// RUN: echo-opt %t.adam.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.adam.report
// RUN: echo-run %t.adam.mlir --iterations 3 --memory-stats=json > %t.adam.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.adam.report %t.adam.stats | FileCheck %s
//
// With the gradients and the loss in the arena (grad-results=arena): the
// caller allocates the arena instead of the out-parameters, and the peak
// still agrees.
// RUN: echo-opt %t.mlp.mlir --echo-training-pipeline=grad-results=arena --echo-memory-report=format=json -o /dev/null 2> %t.mlp.arena.report
// RUN: echo-run %t.mlp.mlir --grad-results=arena --memory-stats=json > %t.mlp.arena.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.mlp.arena.report %t.mlp.arena.stats | FileCheck %s
// RUN: echo-opt %t.cnn.mlir --echo-training-pipeline=grad-results=arena --echo-memory-report=format=json -o /dev/null 2> %t.cnn.arena.report
// RUN: echo-run %t.cnn.mlir --grad-results=arena --memory-stats=json > %t.cnn.arena.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.cnn.arena.report %t.cnn.arena.stats | FileCheck %s
// CHECK: peak agrees: {{[1-9][0-9]*}} bytes
