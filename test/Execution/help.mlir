// The tools' --help lists their own options, not LLVM's code generation
// flags (hundreds of lines).
// RUN: echo-run --help | FileCheck %s --check-prefix=TOOL
// RUN: echo-run --help | python3 -c "import sys; n = len(sys.stdin.readlines()); print('short' if n < 80 else 'long %d' % n)" | FileCheck %s --check-prefix=SHORT
// RUN: echo-models --help | FileCheck %s --check-prefix=MODELS
// RUN: echo-models --help | python3 -c "import sys; n = len(sys.stdin.readlines()); print('short' if n < 80 else 'long %d' % n)" | FileCheck %s --check-prefix=SHORT
// RUN: echo-compile --help | FileCheck %s --check-prefix=COMPILE
// RUN: echo-compile --help | python3 -c "import sys; n = len(sys.stdin.readlines()); print('short' if n < 80 else 'long %d' % n)" | FileCheck %s --check-prefix=SHORT
// RUN: echo-step --help | FileCheck %s --check-prefix=STEP
// COMPILE-NOT: aarch64
// COMPILE: --shared
// STEP: usage: echo-step STEP.so [options]
// STEP: --backend=
// TOOL-NOT: aarch64
// TOOL: --backend=
// TOOL: --check-gradients
// SHORT: short
// MODELS-NOT: aarch64
// MODELS: --batch=
