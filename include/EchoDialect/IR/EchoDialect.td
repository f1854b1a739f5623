//===- EchoDialect.td - The echo training dialect ----------*- tablegen -*-===//
//
// Dialect definition, the base op class and the tensor type constraints shared
// by every echo op.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_DIALECT_TD
#define ECHO_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Echo_Dialect : Dialect {
  let name = "echo";
  let cppNamespace = "::mlir::echo";
  let summary = "A training dialect with explicit stash, recompute and encode ops";
  let description = [{
    The `echo` dialect describes one DNN training step on statically shaped
    tensors: forward ops, the backward ops that differentiate them, optimizer
    updates, and - the point of the dialect - explicit memory ops that say
    which feature maps are kept between the forward and the backward pass
    (`echo.stash`), which are re-executed instead (`echo.recompute`), which are
    stored in a compact form (`echo.encode` / `echo.decode`), and which are
    moved to host memory (`echo.offload` / `echo.prefetch`).

    Because every byte a training step keeps alive is visible in the IR, the
    memory passes (rematerialization after Echo, ISCA 2020; encodings after
    Gist, ISCA 2018; liveness-based placement after Dymem, HPDC 2020) are
    ordinary IR-to-IR rewrites whose effect can be measured by a planner.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // The discardable echo.* attributes the passes, the lowering and echo-run
  // hand each other, declared once here (typed helpers on the dialect; short
  // names in EchoAttrNames.h) and checked by the dialect wherever they
  // appear (EchoAttrVerifier.cpp).
  let discardableAttrs = (ins
    // Training steps (echo-autodiff). On arguments: a parameter the step
    // differentiates and updates; optimizer state.
    "::mlir::UnitAttr":$trainable,
    "::mlir::UnitAttr":$optimizer_state,
    // On results: the argument this result replaces next step.
    "::mlir::IntegerAttr":$update_of,
    // On the op that seeds the backward pass.
    "::mlir::UnitAttr":$loss_seed,
    // On an imported echo.constant: a batch-norm running statistic.
    "::mlir::UnitAttr":$running_statistic,
    // Memory categories (echo-annotate-memory): on ops, an array of
    // #echo.category, one per result; on buffers, one #echo.category.
    "::mlir::Attribute":$category,
    // On allocations: the op whose result the buffer holds.
    "::mlir::StringAttr":$alloc_for,
    // On functions: step statistics (echo-memory-report).
    "::mlir::DictionaryAttr":$step_stats,
    // Sparsity profile: a stash's profile site, a measured density, the
    // bounds an SSDC map's storage relies on (gist-encode).
    "::mlir::IntegerAttr":$profile_site,
    "::mlir::FloatAttr":$density,
    "::mlir::DictionaryAttr":$csr_bounds,
    // The memory plan (echo-buffer-assign): on the function and on each
    // arena view.
    "::mlir::echo::ArenaPlanAttr":$arena_plan,
    "::mlir::echo::SliceAttr":$slice,
    // The lowering: allocation sites (module; each alloc), in-place pairs
    // of a runtime call, echo-simulate's and echo-budget-plan's results.
    "::mlir::ArrayAttr":$alloc_sites,
    "::mlir::IntegerAttr":$alloc_site,
    "::mlir::DenseI64ArrayAttr":$in_place,
    "::mlir::DictionaryAttr":$simulated_step,
    "::mlir::DictionaryAttr":$budget_plan,
    // Results kept in the arena (echo-arena-results): on an allocation, the
    // result it holds; on the arena argument; on the function, (result,
    // offset) pairs.
    "::mlir::IntegerAttr":$arena_result,
    "::mlir::UnitAttr":$arena,
    "::mlir::DenseI64ArrayAttr":$arena_results,
    // Generated kernels (echo-light-calls-to-loops): on an scf.for whose
    // bounds are not constants, the most iterations it runs (the kernel
    // report's per-thread loop lengths).
    "::mlir::IntegerAttr":$trip_bound,
    // On a nested scf.parallel of a per-output kernel: each output's
    // iterations of it store (first memref.store) to its own part of the
    // flat index space [0, N), the parts of all outputs cover it once, and
    // the output touches the kernel's N-element buffers only within its
    // part (echo-fuse-light-loops fuses elementwise loops over N into it).
    "::mlir::IntegerAttr":$partition
  );
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
  private:
    void registerTypes();
    void registerAttributes();
  public:
  }];
}

// Every echo op checks that each tensor it touches has no zero-size
// dimension and a byte size that fits comfortably in int64_t, so size
// arithmetic downstream (planner, costs, runtime) cannot divide by zero or
// overflow on hostile shapes like tensor<9223372036854775807xf32>.
def Echo_BoundedTensorSizes : NativeOpTrait<"BoundedTensorSizes"> {
  let cppNamespace = "::mlir::echo::OpTrait";
}

class Echo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Echo_Dialect, mnemonic, !listconcat(traits, [Echo_BoundedTensorSizes])>;

//===----------------------------------------------------------------------===//
// Tensor constraints. Every echo value has a static shape: the memory planner
// needs exact byte sizes.
//===----------------------------------------------------------------------===//

def Echo_FloatTensor : StaticShapeTensorOf<[F32, F16, BF16]>;
def Echo_IndexTensor : StaticShapeTensorOf<[I32, I64]>;
def Echo_MaskTensor : StaticShapeTensorOf<[I1]>;
def Echo_ScalarF32Tensor : 0DTensorOf<[F32]>;
def Echo_AnyTensor : StaticShapeTensorOf<[F32, F16, BF16, I1, I32, I64]>;

#endif // ECHO_DIALECT_TD
