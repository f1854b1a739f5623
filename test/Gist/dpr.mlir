// Delayed precision reduction: with dpr=fp16|fp10|fp8, every stashed f32 map
// that no lossless encoding serves and that holds at least dpr-min-bytes
// (default 4096) is encoded in the reduced format after its last forward use
// and decoded right before its first backward use. Masks (i1) never take DPR.
//
// Inputs/cnn-a.mlir stashes: r1 2x8x12x12 (9216 B), p1 2x8x6x6 (2304 B),
// r2 2x8x6x6 (2304 B), p2 2x8x3x3 (576 B), dropout mask 2x72xi1, dropout
// output 2x72 (576 B), logits 2x10 (80 B).
//
// lossless=true: the lossless encodings serve every map >= 4096 B, so the
// default threshold leaves the two small stashes alone ...
// The gist-encode RUN lines read Inputs/cnn-a.autodiff.mlir
// (Inputs/cnn-a.mlir after echo-autodiff).
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode=dpr=fp8 | FileCheck %s --check-prefix=SMALL
// SMALL-LABEL: func.func @train_step
// SMALL-NOT: #echo.encoding<fp
// SMALL-COUNT-2: echo.stash
// SMALL-NOT: #echo.encoding<fp
// SMALL: return
// ... and dpr-min-bytes=0 reduces the dropout output too, while the lossless
// encodings stay. The logits stay a plain stash: their last forward use
// (cross_entropy) is the last forward op, so no forward work would run while
// they wait and an encoded copy would only coexist with them (Passes.td).
// (csr-density=0.5 asserts a density bound, so the pool output read by
// conv2d_grad_weight is CSR rather than a plain stash.)
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode="dpr=fp16 dpr-min-bytes=0 csr-density=0.5" | FileCheck %s --check-prefixes=ALL,ALL16
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode="dpr=fp10 dpr-min-bytes=0 csr-density=0.5" | FileCheck %s --check-prefixes=ALL,ALL10
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode="dpr=fp8 dpr-min-bytes=0 csr-density=0.5" | FileCheck %s --check-prefixes=ALL,ALL8
// ALL-LABEL: func.func @train_step
// ALL-NOT: echo.stash
// ALL: echo.encode %{{.*}} as #echo.encoding<binarize>
// ALL: echo.encode %{{.*}} as #echo.encoding<pool_argmax
// ALL: echo.encode %{{.*}} as #echo.encoding<csr
// ALL: %[[D:.*]], %[[MASK:.*]] = echo.dropout
// ALL-NEXT: echo.encode %[[MASK]] : tensor<2x72xi1> as #echo.encoding<mask1>
// ALL-NEXT: %[[O:.*]] = echo.linear %[[D]]
// ALL16-NEXT: %[[DE:.*]] = echo.encode %[[D]] : tensor<2x72xf32> as #echo.encoding<fp16>
// ALL10-NEXT: %[[DE:.*]] = echo.encode %[[D]] : tensor<2x72xf32> as #echo.encoding<fp10>
// ALL8-NEXT: %[[DE:.*]] = echo.encode %[[D]] : tensor<2x72xf32> as #echo.encoding<fp8>
// ALL-NEXT: %[[OS:.*]] = echo.stash %[[O]] : tensor<2x10xf32>
// ALL-NEXT: echo.cross_entropy %[[O]]
// ALL-NEXT: echo.fill {{.*}}echo.loss_seed
// ALL-NEXT: echo.cross_entropy_grad %[[OS]]
// ALL-NEXT: %[[DD:.*]] = echo.decode %[[DE]]
// ALL-NEXT: echo.linear_grad_weight %{{.*}}, %[[DD]]
// ALL-NEXT: echo.sum_to
// ALL-NEXT: echo.linear_grad_input
// ALL-NOT: echo.stash
// ALL: return

// lossless=false: DPR alone. Every f32 stash >= dpr-min-bytes takes it (a
// map read by two backward ops is encoded and decoded once); the pool keeps
// max_pool2d_grad on the decoded input and output; the i1 mask stays a plain
// stash. The threshold is inclusive: 2304-byte maps are reduced at
// dpr-min-bytes=2304 and not at 2305.
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode="lossless=false dpr=fp8 dpr-min-bytes=2304" | FileCheck %s --check-prefix=LOSSY
// LOSSY-LABEL: func.func @train_step
// LOSSY: %[[R1:.*]] = echo.relu
// LOSSY-NEXT: %[[P1:.*]] = echo.max_pool2d %[[R1]]
// LOSSY-NEXT: %[[R1E:.*]] = echo.encode %[[R1]] : tensor<2x8x12x12xf32> as #echo.encoding<fp8>
// LOSSY-NEXT: %[[C2:.*]] = echo.conv2d %[[P1]]
// LOSSY-NEXT: %[[P1E:.*]] = echo.encode %[[P1]] : tensor<2x8x6x6xf32> as #echo.encoding<fp8>
// LOSSY-NEXT: %[[R2:.*]] = echo.relu %[[C2]]
// LOSSY-NEXT: %[[P2:.*]] = echo.max_pool2d %[[R2]]
// LOSSY-NEXT: %[[R2E:.*]] = echo.encode %[[R2]] : tensor<2x8x6x6xf32> as #echo.encoding<fp8>
// LOSSY-NEXT: echo.stash %[[P2]] : tensor<2x8x3x3xf32>
// LOSSY: echo.dropout
// LOSSY-NEXT: echo.stash %{{.*}} : tensor<2x72xi1>
// LOSSY-NOT: binarize
// LOSSY-NOT: pool_argmax
// LOSSY-NOT: csr
// LOSSY-NOT: max_pool2d_grad_argmax
// LOSSY: %[[R2D:.*]] = echo.decode %[[R2E]]
// LOSSY-NEXT: echo.max_pool2d_grad %[[R2D]],
// LOSSY-NEXT: echo.relu_grad %[[R2D]],
// LOSSY: %[[P1D:.*]] = echo.decode %[[P1E]]
// LOSSY-NEXT: echo.conv2d_grad_weight %[[P1D]],
// LOSSY: %[[R1D:.*]] = echo.decode %[[R1E]]
// LOSSY-NEXT: echo.max_pool2d_grad %[[R1D]], %[[P1D]],
// LOSSY-NEXT: echo.relu_grad %[[R1D]],
// LOSSY-NOT: echo.decode
// LOSSY: return
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode="lossless=false dpr=fp16 dpr-min-bytes=2305" | FileCheck %s --check-prefix=THRESH
// THRESH-LABEL: func.func @train_step
// THRESH-COUNT-1: #echo.encoding<fp16>
// THRESH-NOT: #echo.encoding<fp16>
// THRESH: echo.decode %{{.*}} : !echo.encoded<tensor<2x8x12x12xf32>, #echo.encoding<fp16>>
// THRESH-NOT: echo.encode
// THRESH: return

// lossless=false dpr=none: the pass changes nothing.
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir > %t.base.mlir
// RUN: echo-opt %t.base.mlir --gist-encode="lossless=false" > %t.none.mlir
// RUN: echo-opt %t.base.mlir > %t.base2.mlir
// RUN: diff %t.base2.mlir %t.none.mlir
