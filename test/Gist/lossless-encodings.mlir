// gist-encode with the default options (lossless=true, dpr=none) on a small
// CNN (Inputs/cnn-a.mlir): conv + relu + max_pool 2x2/2 + conv + relu +
// overlapping max_pool 3x3/2 pad 1 + dropout + linear + cross_entropy.
//
// * relu outputs read by relu_grad -> binarize (1 bit per element), read
//   directly by echo.relu_grad_encoded (no decoded copy)
// * max_pool2d_grad -> max_pool2d_grad_argmax on a pool_argmax encoding of
//   the pool input (kernel/stride/padding copied); the pool output stash that
//   only the old max_pool2d_grad read disappears
// * the dropout mask -> mask1
// * the input of conv2, produced by a max_pool and read by
//   conv2d_grad_weight -> csr at the asserted csr-density=0.5 (by default,
//   without a density bound, it stays a plain stash: csr-density.mlir)
// * what no lossless encoding serves (dropout output, logits; both below
//   dpr-min-bytes anyway) stays a plain stash
// The gist-encode RUN lines read Inputs/cnn-a.autodiff.mlir
// (Inputs/cnn-a.mlir after echo-autodiff).
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode=csr-density=0.5 | FileCheck %s
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode="lossless=true dpr=none csr-density=0.5" | FileCheck %s

// CHECK-LABEL: func.func @train_step
// CHECK: %[[C1:.*]] = echo.conv2d %arg0, %arg2, %arg3
// CHECK-NEXT: %[[R1:.*]] = echo.relu %[[C1]] : tensor<2x8x12x12xf32>
// CHECK-NEXT: %[[P1:.*]] = echo.max_pool2d %[[R1]]
// Both encodings of r1 come right after its last forward use (the pool).
// CHECK-NEXT: %[[B1:.*]] = echo.encode %[[R1]] : tensor<2x8x12x12xf32> as #echo.encoding<binarize>
// CHECK-NEXT: %[[A1:.*]] = echo.encode %[[R1]] : tensor<2x8x12x12xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2], padding = [0, 0]>
// CHECK-NEXT: %[[C2:.*]] = echo.conv2d %[[P1]], %arg4, %arg5
// CHECK-NEXT: %[[S1:.*]] = echo.encode %[[P1]] : tensor<2x8x6x6xf32> as #echo.encoding<csr, density = 5.000000e-01>
// CHECK-NEXT: %[[R2:.*]] = echo.relu %[[C2]]
// CHECK-NEXT: %[[P2:.*]] = echo.max_pool2d %[[R2]]
// CHECK-NEXT: %[[B2:.*]] = echo.encode %[[R2]] : tensor<2x8x6x6xf32> as #echo.encoding<binarize>
// CHECK-NEXT: %[[A2:.*]] = echo.encode %[[R2]] : tensor<2x8x6x6xf32> as #echo.encoding<pool_argmax, kernel = [3, 3], stride = [2, 2], padding = [1, 1]>
// CHECK-NEXT: %[[F:.*]] = echo.reshape %[[P2]]
// CHECK-NEXT: %[[D:.*]], %[[MASK:.*]] = echo.dropout %[[F]]
// CHECK-NEXT: %[[M:.*]] = echo.encode %[[MASK]] : tensor<2x72xi1> as #echo.encoding<mask1>
// CHECK-NEXT: %[[DS:.*]] = echo.stash %[[D]] : tensor<2x72xf32>
// CHECK: echo.loss_seed
// CHECK: echo.linear_grad_weight %{{.*}}, %[[DS]]
// Each decode sits right before its (first) backward use.
// CHECK: %[[MD:.*]] = echo.decode %[[M]] : !echo.encoded<tensor<2x72xi1>, #echo.encoding<mask1>>
// CHECK-NEXT: echo.dropout_grad %[[MD]],
// CHECK: %[[G2:.*]] = echo.max_pool2d_grad_argmax %[[A2]], %{{.*}} {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (!echo.encoded<tensor<2x8x6x6xf32>, #echo.encoding<pool_argmax, kernel = [3, 3], stride = [2, 2], padding = [1, 1]>>, tensor<2x8x3x3xf32>) -> tensor<2x8x6x6xf32>
// CHECK-NEXT: %[[RG2:.*]] = echo.relu_grad_encoded %[[B2]], %[[G2]]
// The weight gradient, conv2's only reader of the decoded p1, comes before
// the input gradient, so the decoded copy is dead when that is allocated.
// CHECK-NEXT: %[[SD:.*]] = echo.decode %[[S1]] : !echo.encoded<tensor<2x8x6x6xf32>, #echo.encoding<csr, density = 5.000000e-01>>
// CHECK-NEXT: echo.conv2d_grad_weight %[[SD]], %[[RG2]]
// CHECK-NEXT: echo.reduce sum %[[RG2]]
// CHECK-NEXT: %[[GI:.*]] = echo.conv2d_grad_input %[[RG2]], %arg4
// CHECK: %[[G1:.*]] = echo.max_pool2d_grad_argmax %[[A1]], %[[GI]] {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>}
// CHECK-NEXT: echo.relu_grad_encoded %[[B1]], %[[G1]]
// CHECK: return

// No plain max_pool2d_grad survives, and the feature maps that are encoded
// are not also stashed (only the dropout output and the logits stay stashed).
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode=csr-density=0.5 | FileCheck %s --check-prefix=GONE
// GONE-LABEL: func.func @train_step
// GONE-NOT: echo.max_pool2d_grad %
// GONE-NOT: echo.stash %{{.*}} : tensor<2x8x
// GONE-COUNT-2: echo.stash
// GONE-NOT: echo.stash
// GONE-NOT: echo.max_pool2d_grad %
// GONE: return

// Without gist-encode, the step stashes both the pool input and the pool
// output for max_pool2d_grad (what the rewrite removes).
// RUN: echo-opt %S/Inputs/cnn-a.mlir --echo-autodiff | FileCheck %s --check-prefix=BASE
// BASE-LABEL: func.func @train_step
// BASE-COUNT-6: echo.stash
// BASE-NOT: echo.encode
// BASE: echo.max_pool2d_grad %{{.*}}, %{{.*}}, %{{.*}} {kernel = array<i64: 3, 3>
