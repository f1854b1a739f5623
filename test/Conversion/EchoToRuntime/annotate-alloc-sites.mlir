// echo-annotate-alloc-sites numbers every memref.alloc (echo.alloc_site) and
// lists the sites on the module: category (activations when bufferization
// gave none), type, the op the buffer is for, and its location. The runtime
// allocator counts each allocation under its site's category and names the
// site when it does not fit.
// RUN: echo-opt %s --echo-annotate-alloc-sites --mlir-print-debuginfo | FileCheck %s

// CHECK: module attributes {echo.alloc_sites = ["stashed|memref<4x16xf32> for echo.tanh at loc(\22sites.mlir\22:3:5)", "activations|memref<8xi8> at loc(\22sites.mlir\22:4:5)"]}
// CHECK: memref.alloc() {echo.alloc_for = "echo.tanh", echo.alloc_site = 0 : i64, echo.category = "stashed"} : memref<4x16xf32>
// CHECK: memref.alloc() {echo.alloc_site = 1 : i64} : memref<8xi8>
func.func @step() {
  %a = memref.alloc() {echo.category = "stashed", echo.alloc_for = "echo.tanh"} : memref<4x16xf32> loc("sites.mlir":3:5)
  %b = memref.alloc() : memref<8xi8> loc("sites.mlir":4:5)
  memref.dealloc %a : memref<4x16xf32>
  memref.dealloc %b : memref<8xi8>
  return
}
