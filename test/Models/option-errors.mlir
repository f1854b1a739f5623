// Model options out of range are reported as messages with exit status 1,
// never as an LLVM ERROR from inside the model library.
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models resnet50 --image-size 1 | FileCheck %s --check-prefix=IMAGE
// IMAGE: echo-models: resnet50 needs --image-size >= 32 (got 1)
// IMAGE-NEXT: exit code 1
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models nmt --hidden 7 | FileCheck %s --check-prefix=NMT
// NMT: echo-models: nmt: --hidden must be even (bidirectional encoder layer)
// NMT-NEXT: exit code 1
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models mlp --batch 0 | FileCheck %s --check-prefix=BATCH
// BATCH: echo-models: --batch must be positive
// BATCH-NEXT: exit code 1
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models nmt --batch 99999999999999 | FileCheck %s --check-prefix=HUGE
// HUGE: echo-models: --batch must be at most 65536
// HUGE: exit code 1
// RUN: echo-models --list | FileCheck %s --check-prefix=LIST --implicit-check-not="LLVM ERROR"
// LIST: mlp
// Sizes are bounded, so that loops over layers and time steps end (found by
// fuzzing: --layers 2^63-1 built for ever).
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models deepspeech2 --layers 9223372036854775807 | FileCheck %s --check-prefix=LAYERS
// LAYERS: echo-models: --layers must be at most 65536, got 9223372036854775807
// LAYERS-NEXT: exit code 1
