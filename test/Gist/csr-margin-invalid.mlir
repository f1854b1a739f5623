// An invalid csr-margin is a pass error located at the function; a margin
// of exactly 1 is accepted.
// RUN: echo-opt %s --gist-encode=csr-margin=0.5 -verify-diagnostics
// RUN: echo-opt %s --gist-encode=csr-margin=0.999 -verify-diagnostics
// RUN: echo-opt %s --gist-encode=csr-margin=-1 -verify-diagnostics
// RUN: echo-opt %s --gist-encode=csr-margin=nan -verify-diagnostics
// RUN: echo-opt %s --gist-encode=csr-margin=inf -verify-diagnostics
// RUN: not echo-opt %s --gist-encode=csr-margin=lots 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: echo-opt %s --gist-encode=csr-margin=1 | FileCheck %s --check-prefix=ONE

// PARSE: 'lots' value invalid for floating point argument
// ONE-LABEL: func.func @margin
// ONE: echo.encode %{{.*}} : tensor<1x2x4x4xf32> as #echo.encoding<csr, density = 2.500000e-01>

// expected-error @+1 {{gist-encode: csr-margin must be finite and >= 1}}
func.func @margin(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>,
                  %dy: tensor<1x2x4x4xf32>) -> tensor<2x2x1x1xf32> {
  %r = echo.relu %x {echo.density = 2.500000e-01 : f64} : tensor<1x2x4x4xf32>
  %s = echo.stash %r : tensor<1x2x4x4xf32>
  %c = echo.conv2d %r, %w : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %t = echo.tanh %c : tensor<1x2x4x4xf32>
  %dw = echo.conv2d_grad_weight %s, %dy : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<2x2x1x1xf32>
  return %dw : tensor<2x2x1x1xf32>
}
