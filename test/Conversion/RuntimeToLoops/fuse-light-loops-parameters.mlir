// A fused loop's kernel takes every value its loops use but do not define
// as a parameter (a 1-D memref descriptor: 5 words, 40 bytes); a run stops
// growing where the next loop would take it past max-kernel-parameter-bytes
// (ptxas refuses more than 4,352 bytes below PTX ISA 8.1). The two updates
// below use three memrefs each: 240 bytes together.
// RUN: echo-opt %s -echo-fuse-light-loops | FileCheck %s --check-prefix=FUSED
// RUN: echo-opt %s '-echo-fuse-light-loops=max-kernel-parameter-bytes=240' | FileCheck %s --check-prefix=FUSED
// RUN: echo-opt %s '-echo-fuse-light-loops=max-kernel-parameter-bytes=239' | FileCheck %s --check-prefix=APART
// RUN: not echo-opt %s '-echo-fuse-light-loops=max-kernel-parameter-bytes=0' 2>&1 | FileCheck %s --check-prefix=BAD

// FUSED-LABEL: func.func @updates(
// FUSED: scf.parallel
// FUSED-NOT: scf.parallel
// FUSED: return

// APART-LABEL: func.func @updates(
// APART: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c16) step
// APART: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<16xf32>
// APART: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c8) step
// APART: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xf32>
// APART-NOT: scf.parallel

// BAD: error: echo-fuse-light-loops: max-kernel-parameter-bytes must be positive, got 0
func.func @updates(%p: memref<16xf32>, %g: memref<16xf32>, %np: memref<16xf32>,
                   %q: memref<8xf32>, %h: memref<8xf32>, %nq: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %a = memref.load %p[%i] : memref<16xf32>
    %b = memref.load %g[%i] : memref<16xf32>
    %d = arith.subf %a, %b : f32
    memref.store %d, %np[%i] : memref<16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %a = memref.load %q[%i] : memref<8xf32>
    %b = memref.load %h[%i] : memref<8xf32>
    %d = arith.subf %a, %b : f32
    memref.store %d, %nq[%i] : memref<8xf32>
    scf.reduce
  }
  return
}
