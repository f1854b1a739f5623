// A measured density (echo.density, written by echo-run --profile-sparsity)
// must be an f64 in [0, 1]; otherwise the dialect's attribute verifier
// rejects the op carrying it before gist-encode runs. Valid values: 0 plans one
// element (a map measured all-zero), 1 plans dense, and only relu /
// max_pool2d outputs read it (an attribute elsewhere is ignored).
// RUN: echo-opt %s --split-input-file --gist-encode -verify-diagnostics | FileCheck %s

func.func @above_one(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>,
                     %dy: tensor<1x2x4x4xf32>) -> tensor<2x2x1x1xf32> {
  // expected-error @+1 {{'echo.relu' op attribute 'echo.density' must be an f64 in [0, 1], got 1.500000e+00 : f64}}
  %r = echo.relu %x {echo.density = 1.5 : f64} : tensor<1x2x4x4xf32>
  %s = echo.stash %r : tensor<1x2x4x4xf32>
  %c = echo.conv2d %r, %w : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %t = echo.tanh %c : tensor<1x2x4x4xf32>
  %dw = echo.conv2d_grad_weight %s, %dy : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<2x2x1x1xf32>
  return %dw : tensor<2x2x1x1xf32>
}

// -----

func.func @negative(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'echo.relu' op attribute 'echo.density' must be an f64 in [0, 1], got -2.500000e-01 : f64}}
  %r = echo.relu %x {echo.density = -0.25 : f64} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----

func.func @not_f64(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'echo.max_pool2d' op attribute 'echo.density' must be an f64 in [0, 1], got 5.000000e-01 : f32}}
  %p = echo.max_pool2d %x {echo.density = 0.5 : f32, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return %p : tensor<1x2x2x2xf32>
}

// -----

func.func @not_a_number(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'echo.relu' op attribute 'echo.density' must be an f64 in [0, 1], got "dense"}}
  %r = echo.relu %x {echo.density = "dense"} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @bounds
// What each SSDC map relies on: the relu map's profile (29 bytes of CSR),
// the pool map stays plain (32 bytes) at the dense bound.
// CHECK-SAME: echo.csr_bounds = {dense = {bytes = 32 : i64, maps = 1 : i64}, profiled = {bytes = 29 : i64, maps = 1 : i64}}
// 0 measured: capacity of one element of 32.
// CHECK: echo.encode %[[R:.*]] : tensor<1x2x4x4xf32> as #echo.encoding<csr, density = 3.125000e-02>
// 0.9 x 1.25 clamps to 1, the dense bound, where CSR is larger than plain:
// the pool output keeps its plain stash.
// CHECK: echo.stash %{{.*}} : tensor<1x2x2x2xf32>
// A conv output with echo.density keeps its plain stash.
// CHECK: echo.stash %{{.*}} : tensor<1x2x2x2xf32>
// CHECK: return
func.func @bounds(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>,
                  %dy: tensor<1x2x4x4xf32>, %dy2: tensor<1x2x2x2xf32>)
    -> (tensor<2x2x1x1xf32>, tensor<2x2x1x1xf32>, tensor<2x2x1x1xf32>) {
  %r = echo.relu %x {echo.density = 0.0 : f64} : tensor<1x2x4x4xf32>
  %s = echo.stash %r : tensor<1x2x4x4xf32>
  %p = echo.max_pool2d %r {echo.density = 0.9 : f64, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  %ps = echo.stash %p : tensor<1x2x2x2xf32>
  %c = echo.conv2d %p, %w {echo.density = 0.1 : f64} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %cs = echo.stash %c : tensor<1x2x2x2xf32>
  %c2 = echo.conv2d %c, %w : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %t = echo.tanh %c2 : tensor<1x2x2x2xf32>
  %dw = echo.conv2d_grad_weight %s, %dy : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<2x2x1x1xf32>
  %dw2 = echo.conv2d_grad_weight %ps, %dy2 : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<2x2x1x1xf32>
  %dw3 = echo.conv2d_grad_weight %cs, %dy2 : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<2x2x1x1xf32>
  return %dw, %dw2, %dw3 : tensor<2x2x1x1xf32>, tensor<2x2x1x1xf32>, tensor<2x2x1x1xf32>
}
