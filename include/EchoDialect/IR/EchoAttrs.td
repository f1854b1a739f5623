//===- EchoAttrs.td - Enums and attributes of the echo dialect -*- tablegen -*-===//

#ifndef ECHO_ATTRS_TD
#define ECHO_ATTRS_TD

include "EchoDialect/IR/EchoDialect.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Echo_ReduceKind : I32EnumAttr<"ReduceKind", "reduction kind", [
    I32EnumAttrCase<"Sum", 0, "sum">,
    I32EnumAttrCase<"Mean", 1, "mean">,
    I32EnumAttrCase<"Max", 2, "max">]> {
  let cppNamespace = "::mlir::echo";
}

// How echo.all_reduce combines the ranks' tensors.
def Echo_CollectiveKind : I32EnumAttr<"CollectiveKind", "collective reduction", [
    I32EnumAttrCase<"Sum", 0, "sum">,
    I32EnumAttrCase<"Mean", 1, "mean">]> {
  let cppNamespace = "::mlir::echo";
}

def Echo_EncodingKind : I32EnumAttr<"EncodingKind", "stash encoding", [
    // Gist's Binarize: one bit per element, set where the value is > 0
    // (ReLU outputs consumed by a ReLU backward).
    I32EnumAttrCase<"Binarize", 0, "binarize">,
    // One bit per element of a boolean mask (dropout, ReLU masks in Echo).
    I32EnumAttrCase<"Mask1", 1, "mask1">,
    // Gist's SSDC: CSR with rows of 256 columns and 1-byte column indices.
    I32EnumAttrCase<"Csr", 2, "csr">,
    // Gist's delayed precision reduction formats.
    I32EnumAttrCase<"Fp16", 3, "fp16">,
    I32EnumAttrCase<"Fp10", 4, "fp10">,
    I32EnumAttrCase<"Fp8", 5, "fp8">,
    // Max-pool argmax: the winning window position per pooled element.
    I32EnumAttrCase<"PoolArgmax", 6, "pool_argmax">]> {
  let cppNamespace = "::mlir::echo";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// #echo.encoding
//===----------------------------------------------------------------------===//

def Echo_EncodingAttr : AttrDef<Echo_Dialect, "Encoding"> {
  let mnemonic = "encoding";
  let summary = "How a stashed tensor is stored between its forward and backward use";
  let description = [{
    Names an encoding and its parameters. Together with the tensor type it
    encodes, it fixes the storage size in bytes (see `EncodedType`).

    ```mlir
    #echo.encoding<binarize>
    #echo.encoding<mask1>
    #echo.encoding<fp16>   // also fp10 (3 per 32-bit word), fp8 (4 per word)
    #echo.encoding<csr, density = 0.25>   // capacity: 25% non-zeros
    #echo.encoding<pool_argmax, kernel = [3, 3], stride = [2, 2], padding = [1, 1]>
    ```

    `density` (0 < d <= 1) is required for and only allowed with `csr`.
    `kernel`, `stride` and `padding` (two entries each) are required for and
    only allowed with `pool_argmax`: they define the pooled shape whose
    elements each store one window position (4 bits for windows of at most 16
    positions, 8 bits for at most 256).
  }];
  let parameters = (ins
    "::mlir::echo::EncodingKind":$kind,
    OptionalParameter<"::mlir::FloatAttr">:$density,
    OptionalParameter<"::mlir::DenseI64ArrayAttr">:$kernel,
    OptionalParameter<"::mlir::DenseI64ArrayAttr">:$stride,
    OptionalParameter<"::mlir::DenseI64ArrayAttr">:$padding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "::mlir::echo::EncodingKind":$kind), [{
      return $_get($_ctxt, kind, nullptr, nullptr, nullptr, nullptr);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Whether decoding gives back exactly the encoded tensor.
    bool isLossless() const;
  }];
}

//===----------------------------------------------------------------------===//
// The memory plan: #echo.category, #echo.slice, #echo.arena_plan
//===----------------------------------------------------------------------===//

def Echo_MemoryCategoryAttr : AttrDef<Echo_Dialect, "MemoryCategory"> {
  let mnemonic = "category";
  let summary = "The memory category a tensor or buffer is counted in";
  let description = [{
    One of the categories the memory report and the runtime's allocator
    count bytes in. The names and their order are declared once, by the
    runtime (`ECHO_MEM_CATEGORIES` in `echo/allocator.h`).

    ```mlir
    #echo.category<stashed>   // weights, weight_gradients, optimizer_state,
                              // inputs, stashed, encoded, immediate,
                              // gradient_maps, workspace, host, arena,
                              // weight_copies
    ```
  }];
  let parameters = (ins "::EchoMemoryCategory":$value);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The category's name, as the report and the runtime print it.
    ::llvm::StringRef getName() const;
  }];
}

def Echo_SliceAttr : AttrDef<Echo_Dialect, "Slice"> {
  let mnemonic = "slice";
  let summary = "Where and when one buffer lives in the arena";
  let description = [{
    Set by `echo-buffer-assign` on each arena view (`echo.slice`): the
    view's byte `offset` in the arena, its `bytes`, the program points
    `first` and `last` of its lifetime (top-level ops of the step, in
    order) and its `slot` (views that share a slot reuse it in place).
    The function's `#echo.arena_plan` is verified against all of them.

    ```mlir
    #echo.slice<offset = 4096, bytes = 1024, first = 3, last = 7, slot = 2>
    ```
  }];
  let parameters = (ins "int64_t":$offset, "int64_t":$bytes, "int64_t":$first,
                        "int64_t":$last, "int64_t":$slot);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Echo_ArenaPlanAttr : AttrDef<Echo_Dialect, "ArenaPlan"> {
  let mnemonic = "arena_plan";
  let summary = "The arena a step's temporaries are placed in";
  let description = [{
    Set by `echo-buffer-assign` on the function (`echo.arena_plan`): the
    arena's `bytes`, the `lower_bound` no placement can beat (the most bytes
    live at one program point) and the `planner` strategy that placed it.
    The dialect verifies it with the function's `#echo.slice` views: each
    slice lies inside the arena at its view's offset, and two slices whose
    lifetimes overlap share a slot or no byte.

    ```mlir
    #echo.arena_plan<bytes = 8192, lower_bound = 6144, planner = "best-fit">
    ```
  }];
  let parameters = (ins "int64_t":$bytes, "int64_t":$lower_bound,
                        StringRefParameter<"the placement strategy">:$planner);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // ECHO_ATTRS_TD
