//===- Passes.td - echo-mlir conversion passes -------------*- tablegen -*-===//

#ifndef ECHO_CONVERSION_PASSES_TD
#define ECHO_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def EchoAnnotateAllocSites : Pass<"echo-annotate-alloc-sites", "::mlir::ModuleOp"> {
  let summary = "Tell the runtime allocator which allocation is being made";
  let description = [{
    Numbers every `memref.alloc` and inserts, right before it, a call
    `echo_alloc_site(id)`. The module attribute `echo.alloc_sites` lists, per
    id, the memory category (from the `echo.category` attribute bufferization
    attaches, `activations` otherwise) and a description of the op the buffer
    was made for with its location. The runtime's counting allocator uses it
    to count bytes by category and to name the allocation that exceeds a
    configured capacity.

    ```mlir
    // Before
    %0 = memref.alloc() {alignment = 64 : i64, echo.category = "activations"} : memref<4x16xf32> loc("f.mlir":3:8)
    // After
    %c0 = arith.constant 0 : i64
    call @echo_alloc_site(%c0) : (i64) -> ()
    %0 = memref.alloc() {alignment = 64 : i64, echo.category = "activations"} : memref<4x16xf32>
    // module attributes {echo.alloc_sites = ["activations|memref<4x16xf32> at f.mlir:3:8"]}
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

#endif // ECHO_CONVERSION_PASSES_TD
