// Replays the fixed fuzzing corpus (test/Fuzz/corpus) and every crash the
// fuzzers found (test/Fuzz/crashes) through echo-opt's training pipeline and
// the lowering of the planned step to LLVM: no crash, no `LLVM ERROR`, no
// abort. Rejecting a file with a diagnostic is fine. About 20 s.
// RUN: python3 %echo_src_root/scripts/fuzz_mutate.py replay --echo-opt echo-opt %S/corpus %S/crashes | FileCheck %s
// CHECK: replay: {{[1-9][0-9]*}} files, {{[0-9]+}} runs in {{.*}}, 0 bad
//
// A tool that aborts with `LLVM ERROR` fails the replay.
// RUN: not python3 %echo_src_root/scripts/fuzz_mutate.py replay --echo-opt %S/Inputs/fake-crash.sh %S/corpus/model-mlp-batch-2-hidden-8.mlir | FileCheck %s --check-prefix=BAD
// BAD: FAIL model-mlp-batch-2-hidden-8.mlir (--echo-training-pipeline): llvm-error: LLVM ERROR: fake fatal error
// BAD: replay: 1 files, {{[0-9]+}} runs in {{.*}}, {{[1-9]}} bad
// REQUIRES: slow
