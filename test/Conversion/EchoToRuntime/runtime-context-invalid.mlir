// RUN: echo-opt %s --echo-runtime-context --split-input-file -verify-diagnostics

// A step writes its results into out-parameters; one that returns values
// cannot also return its status.
// expected-error @+1 {{'func.func' op returns values; a step writes its results into out-parameters (run buffer-results-to-out-params)}}
func.func @step(%x: memref<4xf32>) -> memref<4xf32> {
  return %x : memref<4xf32>
}

// -----

// Every buffer is counted by the runtime's allocator, which needs its size.
func.func @step(%n: index) {
  // expected-error @+1 {{'memref.alloc' op cannot be allocated through the echo runtime: only static shapes with the identity layout can}}
  %t = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %t : memref<?xf32>
  return
}
