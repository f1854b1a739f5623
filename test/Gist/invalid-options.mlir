// Invalid gist-encode options are rejected with a diagnostic and a failure
// exit status; nothing is printed on stdout.
// The pass RUN lines start from Inputs/invalid-options.autodiff.mlir (the
// functions below after echo-autodiff).
// RUN: not echo-opt %s --gist-encode=dpr=fp4 2>&1 | FileCheck %s --check-prefix=DPR
// RUN: not echo-opt %s --gist-encode=dpr=FP8 2>&1 | FileCheck %s --check-prefix=DPRCASE
// RUN: not echo-opt %S/Inputs/invalid-options.autodiff.mlir --gist-encode=dpr=bf16 2>&1 | FileCheck %s --check-prefix=DPR16
// RUN: not echo-opt %s --gist-encode=csr-density=0 2>&1 | FileCheck %s --check-prefix=DENSITY
// RUN: not echo-opt %s --gist-encode=csr-density=1.5 2>&1 | FileCheck %s --check-prefix=DENSITY
// RUN: not echo-opt %s --gist-encode=csr-density=-0.5 2>&1 | FileCheck %s --check-prefix=DENSITY
// RUN: not echo-opt %s --gist-encode=csr-density=nan 2>&1 | FileCheck %s --check-prefix=DENSITY
// RUN: not echo-opt %s --gist-encode=lossless=maybe 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not echo-opt %s --gist-encode=dpr-min-bytes=lots 2>&1 | FileCheck %s --check-prefix=INT
// RUN: not echo-opt %s --gist-encode=density=0.5 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not echo-opt %s --gist-encode=dpr=fp4 2>/dev/null | count 0
// Boundary values are accepted.
// RUN: echo-opt %S/Inputs/invalid-options.autodiff.mlir --gist-encode="csr-density=1 dpr=fp8 dpr-min-bytes=0" | FileCheck %s --check-prefix=OK
// RUN: echo-opt %S/Inputs/invalid-options.autodiff.mlir --gist-encode="csr-density=1e-6" | FileCheck %s --check-prefix=OK

// DPR: for the --dpr option: Cannot find option named 'fp4'!
// DPRCASE: for the --dpr option: Cannot find option named 'FP8'!
// DPR16: for the --dpr option: Cannot find option named 'bf16'!
// DENSITY: error: gist-encode: csr-density must be in (0, 1]
// BOOL: 'maybe' is invalid value for boolean argument
// INT: 'lots' value invalid for long argument
// UNKNOWN: no such option density
// OK: func.func @train_step

func.func @f(%x: tensor<4x8xf32>, %labels: tensor<4xi32>,
             %w: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %r = echo.relu %x : tensor<4x8xf32>
  %o = echo.linear %r, %w : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
