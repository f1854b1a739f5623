// echo-annotate-profile-sites numbers exactly the stashes --profile-sparsity
// measures (f32 relu / max_pool2d outputs stashed in a function body), in
// program order, replacing stale ids; the CPU lowering turns each numbered
// stash into a call echo_profile_density(site, buffer) placed where the
// stash was.
// RUN: echo-opt %s --echo-annotate-profile-sites | FileCheck %s
// RUN: echo-opt %s --echo-annotate-profile-sites --echo-lower-to-cpu | FileCheck %s --check-prefix=LOWER

// CHECK-LABEL: func.func @f
// CHECK: %[[R:.*]] = echo.relu
// CHECK-NEXT: echo.stash %[[R]] {echo.profile_site = 0 : i64}
// CHECK-NEXT: %[[T:.*]] = echo.tanh
// CHECK-NEXT: echo.stash %[[T]] :
// CHECK-NEXT: %[[P:.*]] = echo.max_pool2d
// CHECK-NEXT: echo.stash %[[P]] {echo.profile_site = 1 : i64}
// CHECK-LABEL: func.func @g
// CHECK: echo.stash %{{.*}} {echo.profile_site = 2 : i64}

// LOWER-LABEL: llvm.func @f(
// LOWER: llvm.call @echo_unary
// LOWER: llvm.call @echo_profile_density
// LOWER: llvm.call @echo_unary
// LOWER: llvm.call @echo_max_pool2d
// LOWER: llvm.call @echo_profile_density
// LOWER-NOT: llvm.call @echo_profile_density
// LOWER-LABEL: llvm.func @g(
// LOWER: llvm.call @echo_unary
// LOWER: llvm.call @echo_profile_density
// LOWER-NOT: llvm.call @echo_profile_density

func.func @f(%x: tensor<2x4x4x4xf32>) -> (tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>, tensor<2x4x2x2xf32>) {
  %r = echo.relu %x : tensor<2x4x4x4xf32>
  // A stale id from an earlier run is replaced.
  %rs = echo.stash %r {echo.profile_site = 7 : i64} : tensor<2x4x4x4xf32>
  %t = echo.tanh %r : tensor<2x4x4x4xf32>
  // Not a sparse producer: not measured, and a stale id goes away.
  %ts = echo.stash %t {echo.profile_site = 9 : i64} : tensor<2x4x4x4xf32>
  %p = echo.max_pool2d %t {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x4x4xf32> -> tensor<2x4x2x2xf32>
  %ps = echo.stash %p : tensor<2x4x2x2xf32>
  return %rs, %ts, %ps : tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>, tensor<2x4x2x2xf32>
}

func.func @g(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = echo.relu %x : tensor<8xf32>
  %s = echo.stash %r : tensor<8xf32>
  return %s : tensor<8xf32>
}
