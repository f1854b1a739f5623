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

def EchoAnnotateProfileSites : Pass<"echo-annotate-profile-sites", "::mlir::ModuleOp"> {
  let summary = "Number the stashed maps whose sparsity echo-run profiles";
  let description = [{
    Gives every SSDC candidate an `echo.profile_site` id (0, 1, ... in
    program order over the module): a top-level `echo.stash` of an f32
    value produced by `echo.relu` or `echo.max_pool2d`, the maps
    gist-encode may store as CSR. Bufferization then emits, at each
    numbered stash, a call `echo_profile_density(site, buffer)`, which
    records the map's non-zero count on every step. `echo-run
    --profile-sparsity` runs this pass on the tensor-level step and maps
    each site back to the op that produced the value; the id, not the op's
    location or position, is the key, so it survives every lowering pass.

    ```mlir
    // Before
    %r = echo.relu %c : tensor<2x4x8x8xf32>
    %s = echo.stash %r : tensor<2x4x8x8xf32>
    // After
    %s = echo.stash %r {echo.profile_site = 0 : i64} : tensor<2x4x8x8xf32>
    ```
  }];
}

#endif // ECHO_CONVERSION_PASSES_TD
