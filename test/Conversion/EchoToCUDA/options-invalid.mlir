// Options --echo-lower-to-cuda cannot use fail before any pass runs, with
// the reason.
// RUN: not echo-opt %s '--echo-lower-to-cuda=toolkit=%t.missing' 2>&1 | FileCheck %s --check-prefix=TOOLKIT
// TOOLKIT: error: echo-lower-to-cuda: the CUDA toolkit at '{{.*}}.missing' has no nvvm/libdevice/libdevice.10.bc (every kernel calling a math function needs it)
// RUN: not echo-opt %s '--echo-lower-to-cuda=block-size=2048' 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: error: echo-lower-to-cuda: block-size must be in [1, 1024], got 2048
// RUN: not echo-opt %s '--echo-lower-to-cuda=format=sass' 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: Cannot find option named 'sass'
// RUN: not echo-opt %s '--echo-lower-to-cuda=math=fp16' 2>&1 | FileCheck %s --check-prefix=MATH
// MATH: Cannot find option named 'fp16'
// RUN: not echo-opt %s '--echo-lower-to-cuda=workspace-budget=-4' 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: echo-lower-to-cuda: workspace-budget must be 0 or more bytes, got -4

func.func @step() {
  return
}
