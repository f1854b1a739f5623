// Options --echo-lower-to-cuda cannot use fail before any pass runs, with
// the reason.
// RUN: not echo-opt %s '--echo-lower-to-cuda=toolkit=%t.missing' 2>&1 | FileCheck %s --check-prefix=TOOLKIT
// TOOLKIT: error: echo-lower-to-cuda: the CUDA toolkit at '{{.*}}.missing' has no nvvm/libdevice/libdevice.10.bc (every kernel calling a math function needs it)
// RUN: not echo-opt %s '--echo-lower-to-cuda=block-size=2048' 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: error: echo-lower-to-cuda: block-size must be in [1, 1024], got 2048
// RUN: not echo-opt %s '--echo-lower-to-cuda=opt-level=4' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not echo-opt %s '--echo-lower-to-cuda=opt-level=-1' 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: echo-lower-to-cuda: opt-level must be in [0, 3], got {{4|-1}}
// RUN: not echo-opt %s '--echo-lower-to-cuda=reduction-block-size=96' 2>&1 | FileCheck %s --check-prefix=REDUCTION
// RUN: not echo-opt %s '--echo-lower-to-cuda=reduction-block-size=2048' 2>&1 | FileCheck %s --check-prefix=REDUCTION
// REDUCTION: error: echo-lower-to-cuda: reduction-block-size must be a power of two in [32, 1024], got {{96|2048}}
// RUN: not echo-opt %s '--echo-lower-to-cuda=format=sass' 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: Cannot find option named 'sass'
// RUN: not echo-opt %s '--echo-lower-to-cuda=math=fp16' 2>&1 | FileCheck %s --check-prefix=MATH
// MATH: Cannot find option named 'fp16'
// RUN: not echo-opt %s '--echo-lower-to-cuda=workspace-budget=-4' 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: echo-lower-to-cuda: workspace-budget must be 0 or more bytes, got -4
// Chip names and PTX versions are checked here: an empty entry crashed the
// NVVM target's verifier, a PTX version below a chip's was the NVPTX
// backend's fatal error.
// RUN: not echo-opt %s '--echo-lower-to-cuda=chips=sm_80,' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not echo-opt %s '--echo-lower-to-cuda=chips=,sm_80' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not echo-opt %s '--echo-lower-to-cuda=chips=sm_80,,sm_90' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: echo-lower-to-cuda: chips: an empty entry in the list
// RUN: echo-opt %s --echo-autodiff > %t.step.mlir
// RUN: not echo-compile %t.step.mlir --target=cuda --cuda-options='chips=sm_80,' -o %t.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: echo-compile: --target=cuda: chips: an empty entry in the list
// RUN: not echo-opt %s '--echo-lower-to-cuda=chips=sm_800' 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: echo-lower-to-cuda: chips: unknown chip 'sm_800' (known: sm_50, {{.*}}, sm_90, {{.*}})
// RUN: not echo-opt %s '--echo-lower-to-cuda=ptx-features=+ptx60' 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: error: echo-lower-to-cuda: ptx-features: PTX ISA 6.0 is below the 7.0 that sm_80 needs (+ptx70 or later)
// RUN: not echo-opt %s '--echo-lower-to-cuda=chips=sm_90 ptx-features=+ptx70' 2>&1 | FileCheck %s --check-prefix=PTX90
// PTX90: error: echo-lower-to-cuda: ptx-features: PTX ISA 7.0 is below the 7.8 that sm_90 needs (+ptx78 or later)
// RUN: not echo-opt %s '--echo-lower-to-cuda=ptx-features=ptx80' 2>&1 | FileCheck %s --check-prefix=FEATURE
// FEATURE: error: echo-lower-to-cuda: ptx-features: 'ptx80' is not a target feature (+NAME or -NAME, e.g. +ptx80)

func.func @step(%x: tensor<4x3xf32>, %w: tensor<5x3xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
  %l = echo.reduce mean %y dims [0, 1] : tensor<4x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}
