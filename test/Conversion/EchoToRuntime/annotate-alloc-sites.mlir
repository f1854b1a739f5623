// echo-annotate-alloc-sites numbers every memref.alloc (echo.alloc_site) and
// lists the sites on the module: category (activations when bufferization
// gave none), mobility, type, the op the buffer is for, and its location.
// The runtime allocator counts each allocation under its site's category,
// names the site when it does not fit, and its dynamic pool places by the
// mobility (Dymem's GTBM, docs/dymem.md).
// RUN: echo-opt %s -split-input-file --echo-annotate-alloc-sites --mlir-print-debuginfo | FileCheck %s

// CHECK: module attributes {echo.alloc_sites = ["stashed|temporary|memref<4x16xf32> for echo.tanh at loc(\22sites.mlir\22:3:5)", "activations|temporary|memref<8xi8> at loc(\22sites.mlir\22:4:5)"]}
// CHECK-LABEL: func.func @step
// CHECK: memref.alloc() {echo.alloc_for = "echo.tanh", echo.alloc_site = 0 : i64, echo.category = #echo.category<stashed>} : memref<4x16xf32>
// CHECK: memref.alloc() {echo.alloc_site = 1 : i64} : memref<8xi8>
func.func @step() {
  %a = memref.alloc() {echo.category = #echo.category<stashed>, echo.alloc_for = "echo.tanh"} : memref<4x16xf32> loc("sites.mlir":3:5)
  %b = memref.alloc() : memref<8xi8> loc("sites.mlir":4:5)
  memref.dealloc %a : memref<4x16xf32>
  memref.dealloc %b : memref<8xi8>
  return
}

// -----

// Mobility by Dymem's Algorithm 3: the first call using a buffer writes it,
// the others read it.
//  %x: read by the next call only: movable.
//  %f: read by two calls (a fork): temporary.
//  %y: its one reader is not the next call (it waits for a join): temporary.
//  %l: made for a linear layer: reclaimed, whatever its readers.
//  %s: stashed; its reader in the backward pass (after the first
//      gradient-map allocation) does not count: movable.
//  %g: a gradient map nobody reads after its writer: temporary.
// CHECK: module attributes {echo.alloc_sites = ["immediate|movable|memref<4xf32> for echo.conv2d
// CHECK-SAME: "immediate|temporary|memref<4xf32> for echo.relu
// CHECK-SAME: "immediate|temporary|memref<4xf32> for echo.conv2d
// CHECK-SAME: "immediate|reclaimed|memref<4xf32> for echo.linear
// CHECK-SAME: "stashed|movable|memref<4xf32> for echo.conv2d
// CHECK-SAME: "gradient_maps|temporary|memref<4xf32> for echo.conv2d_grad_input
func.func private @op(memref<*xf32>, memref<*xf32>)
func.func @mobility(%in: memref<*xf32>, %out: memref<*xf32>) {
  %x = memref.alloc() {echo.category = #echo.category<immediate>, echo.alloc_for = "echo.conv2d"} : memref<4xf32>
  %cx = memref.cast %x : memref<4xf32> to memref<*xf32>
  call @op(%in, %cx) : (memref<*xf32>, memref<*xf32>) -> ()
  %f = memref.alloc() {echo.category = #echo.category<immediate>, echo.alloc_for = "echo.relu"} : memref<4xf32>
  %cf = memref.cast %f : memref<4xf32> to memref<*xf32>
  call @op(%cx, %cf) : (memref<*xf32>, memref<*xf32>) -> ()
  %y = memref.alloc() {echo.category = #echo.category<immediate>, echo.alloc_for = "echo.conv2d"} : memref<4xf32>
  %cy = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @op(%cf, %cy) : (memref<*xf32>, memref<*xf32>) -> ()
  %l = memref.alloc() {echo.category = #echo.category<immediate>, echo.alloc_for = "echo.linear"} : memref<4xf32>
  %cl = memref.cast %l : memref<4xf32> to memref<*xf32>
  call @op(%cf, %cl) : (memref<*xf32>, memref<*xf32>) -> ()
  call @op(%cy, %out) : (memref<*xf32>, memref<*xf32>) -> ()
  %s = memref.alloc() {echo.category = #echo.category<stashed>, echo.alloc_for = "echo.conv2d"} : memref<4xf32>
  %cs = memref.cast %s : memref<4xf32> to memref<*xf32>
  call @op(%cl, %cs) : (memref<*xf32>, memref<*xf32>) -> ()
  call @op(%cs, %out) : (memref<*xf32>, memref<*xf32>) -> ()
  %g = memref.alloc() {echo.category = #echo.category<gradient_maps>, echo.alloc_for = "echo.conv2d_grad_input"} : memref<4xf32>
  %cg = memref.cast %g : memref<4xf32> to memref<*xf32>
  call @op(%cs, %cg) : (memref<*xf32>, memref<*xf32>) -> ()
  memref.dealloc %x : memref<4xf32>
  memref.dealloc %f : memref<4xf32>
  memref.dealloc %y : memref<4xf32>
  memref.dealloc %l : memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  memref.dealloc %g : memref<4xf32>
  return
}
