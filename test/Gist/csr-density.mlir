// SSDC (csr) applies to the input of a convolution that conv2d_grad_weight
// reads, when a relu or a max_pool produced it, and only where a density
// bound makes CSR smaller than the plain map. Without a measured density the
// bound is csr-density, by default 1 (dense, true for any data): CSR would
// take 5 bytes per element, so the map stays a plain stash, also exact. An
// asserted csr-density below 1 gives CSR where it pays: at 0.75 both maps
// (1948 < 2048 and 774 < 800 bytes), at 0.8 neither (2078 > 2048, 824 >
// 800). A conv input produced by anything else (here another conv) is not
// csr-encoded: it stays a stash (lossless only) or takes the DPR format.
// The function records what each map relies on (echo.csr_bounds).
// The pass RUN lines start from Inputs/csr-density.autodiff.mlir (the functions
// below after echo-autodiff).
// RUN: echo-opt %S/Inputs/csr-density.autodiff.mlir --gist-encode | FileCheck %s --check-prefixes=CHECK,PLAIN,DENSE
// RUN: echo-opt %S/Inputs/csr-density.autodiff.mlir --gist-encode=csr-density=1 | FileCheck %s --check-prefixes=CHECK,PLAIN,DENSE
// RUN: echo-opt %S/Inputs/csr-density.autodiff.mlir --gist-encode=csr-density=0.8 | FileCheck %s --check-prefixes=CHECK,PLAIN,DENSE
// RUN: echo-opt %S/Inputs/csr-density.autodiff.mlir --gist-encode=csr-density=0.75 | FileCheck %s --check-prefixes=CHECK,C075
// RUN: echo-opt %S/Inputs/csr-density.autodiff.mlir --gist-encode=csr-density=0.25 | FileCheck %s --check-prefixes=CHECK,C025
// RUN: echo-opt %S/Inputs/csr-density.autodiff.mlir --gist-encode="csr-density=0.25 dpr=fp10 dpr-min-bytes=0" | FileCheck %s --check-prefix=DPR
// RUN: echo-opt %S/Inputs/csr-density.autodiff.mlir --gist-encode="dpr=fp10 dpr-min-bytes=0" | FileCheck %s --check-prefix=DPR-DENSE

func.func @net(%x: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
               %w1: tensor<4x3x3x3xf32> {echo.trainable},
               %w2: tensor<4x4x3x3xf32> {echo.trainable},
               %w3: tensor<4x4x3x3xf32> {echo.trainable},
               %w4: tensor<4x4x1x1xf32> {echo.trainable},
               %fw: tensor<3x64xf32> {echo.trainable}) -> tensor<f32> {
  %c1 = echo.conv2d %x, %w1 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %r1 = echo.relu %c1 : tensor<2x4x8x8xf32>
  %c2 = echo.conv2d %r1, %w2 {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  %c3 = echo.conv2d %c2, %w3 {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x4x4xf32>
  %p = echo.max_pool2d %c3 {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<2x4x4x4xf32> -> tensor<2x4x5x5xf32>
  %c4 = echo.conv2d %p, %w4 {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : (tensor<2x4x5x5xf32>, tensor<4x4x1x1xf32>) -> tensor<2x4x5x5xf32>
  %s = echo.slice %c4 offsets [0, 0, 0, 0] : tensor<2x4x5x5xf32> -> tensor<2x4x4x4xf32>
  %f = echo.reshape %s : tensor<2x4x4x4xf32> -> tensor<2x64xf32>
  %o = echo.linear %f, %fw : (tensor<2x64xf32>, tensor<3x64xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @train_step
// DENSE-SAME: echo.csr_bounds = {dense = {bytes = 2848 : i64, maps = 2 : i64}}
// C075-SAME: echo.csr_bounds = {asserted = {bytes = 2722 : i64, maps = 2 : i64}}
// C025-SAME: echo.csr_bounds = {asserted = {bytes = 942 : i64, maps = 2 : i64}}
// CHECK: %[[C1:.*]] = echo.conv2d %arg0, %arg2
// CHECK-NEXT: %[[R1:.*]] = echo.relu %[[C1]]
// r1 (relu output, conv2 input): csr or plain for conv2d_grad_weight,
// binarize for relu_grad
// PLAIN-NEXT: echo.stash %[[R1]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[C2:.*]] = echo.conv2d %[[R1]], %arg3
// C075-NEXT: echo.encode %[[R1]] : tensor<2x4x8x8xf32> as #echo.encoding<csr, density = 7.500000e-01>
// C025-NEXT: echo.encode %[[R1]] : tensor<2x4x8x8xf32> as #echo.encoding<csr, density = 2.500000e-01>
// CHECK-NEXT: echo.encode %[[R1]] : tensor<2x4x8x8xf32> as #echo.encoding<binarize>
// c2 (conv output, conv3 input): not sparse, plain stash
// CHECK-NEXT: echo.stash %[[C2]] : tensor<2x4x8x8xf32>
// CHECK-NEXT: %[[C3:.*]] = echo.conv2d %[[C2]], %arg4
// CHECK-NEXT: %[[P:.*]] = echo.max_pool2d %[[C3]]
// CHECK-NEXT: echo.encode %[[C3]] : tensor<2x4x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [1, 1], padding = [1, 1]>
// p (pool output, conv4 input): csr or plain
// PLAIN-NEXT: echo.stash %[[P]] : tensor<2x4x5x5xf32>
// CHECK-NEXT: echo.conv2d %[[P]], %arg5
// C075-NEXT: echo.encode %[[P]] : tensor<2x4x5x5xf32> as #echo.encoding<csr, density = 7.500000e-01>
// C025-NEXT: echo.encode %[[P]] : tensor<2x4x5x5xf32> as #echo.encoding<csr, density = 2.500000e-01>
// CHECK-NOT: echo.encode
// CHECK: echo.loss_seed
// CHECK-NOT: echo.max_pool2d_grad %
// CHECK: return

// With DPR, the conv output c2 takes fp10 while the sparse maps keep csr.
// DPR-LABEL: func.func @train_step
// DPR: %[[C2:.*]] = echo.conv2d %{{.*}}, %arg3
// DPR-NEXT: echo.encode %{{.*}} : tensor<2x4x8x8xf32> as #echo.encoding<csr, density = 2.500000e-01>
// DPR-NEXT: echo.encode %{{.*}} : tensor<2x4x8x8xf32> as #echo.encoding<binarize>
// DPR-NEXT: echo.conv2d %[[C2]], %arg4
// DPR-NEXT: echo.encode %[[C2]] : tensor<2x4x8x8xf32> as #echo.encoding<fp10>
// DPR-NOT: echo.stash %{{.*}} : tensor<2x4x
// DPR: return

// With DPR and no density bound, CSR would not pay: the sparse maps are
// stored in the DPR format like every other map (not plain), beside relu1's
// 1-bit mask (pool's input becomes its argmax map), and rely on no density (no echo.csr_bounds).
// DPR-DENSE-LABEL: func.func @train_step
// DPR-DENSE-NOT: echo.csr_bounds
// DPR-DENSE: %[[R1:.*]] = echo.relu
// DPR-DENSE-NEXT: %[[C2:.*]] = echo.conv2d %[[R1]], %arg3
// DPR-DENSE-NEXT: echo.encode %[[R1]] : tensor<2x4x8x8xf32> as #echo.encoding<fp10>
// DPR-DENSE-NEXT: echo.encode %[[R1]] : tensor<2x4x8x8xf32> as #echo.encoding<binarize>
// DPR-DENSE-NEXT: echo.conv2d %[[C2]], %arg4
// DPR-DENSE-NEXT: echo.encode %[[C2]] : tensor<2x4x8x8xf32> as #echo.encoding<fp10>
// DPR-DENSE: %[[P:.*]] = echo.max_pool2d
// DPR-DENSE: echo.encode %[[P]] : tensor<2x4x5x5xf32> as #echo.encoding<fp10>
// DPR-DENSE-NOT: echo.stash %{{.*}} : tensor<2x4x
// DPR-DENSE: return
