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

#endif // ECHO_ATTRS_TD
