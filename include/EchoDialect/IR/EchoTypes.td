//===- EchoTypes.td - Types of the echo dialect ------------*- tablegen -*-===//

#ifndef ECHO_TYPES_TD
#define ECHO_TYPES_TD

include "EchoDialect/IR/EchoAttrs.td"

class Echo_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Echo_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Echo_EncodedType : Echo_Type<"Encoded", "encoded"> {
  let summary = "A tensor stored in an encoded, usually smaller, form";
  let description = [{
    The value of `echo.encode`: the tensor it stands for and the encoding.
    Its storage size in bytes is a function of both (`getStorageBytes`), so
    the buffer planner can place it like any other buffer.

    ```mlir
    !echo.encoded<tensor<128x512xf32>, #echo.encoding<fp8>>
    ```
  }];
  let parameters = (ins "::mlir::RankedTensorType":$tensorType,
                        "::mlir::echo::EncodingAttr":$encoding);
  let assemblyFormat = "`<` $tensorType `,` qualified($encoding) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes of storage the encoded value occupies.
    int64_t getStorageBytes() const;
  }];
}

def Echo_HostType : Echo_Type<"Host", "host"> {
  let summary = "A tensor resident in host memory";
  let description = [{
    The value of `echo.offload`: a copy of a device value (a tensor, or a
    Gist-encoded tensor) in (pinned) host memory, brought back with
    `echo.prefetch` (Dymem, HPDC 2020).

    ```mlir
    !echo.host<tensor<64x256xf32>>
    !echo.host<!echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$deviceType);
  let assemblyFormat = "`<` $deviceType `>`";
  let genVerifyDecl = 1;
}

def Echo_TokenType : Echo_Type<"Token", "token"> {
  let summary = "Completion of an asynchronous copy";
  let description = [{
    Produced by `echo.offload`; `echo.prefetch` waits on it before reading
    the host copy. On a GPU it maps to an event on the copy stream.
  }];
}

def Echo_EncodedValue : Type<CPred<"::llvm::isa<::mlir::echo::EncodedType>($_self)">,
    "encoded tensor", "::mlir::echo::EncodedType">;
def Echo_HostValue : Type<CPred<"::llvm::isa<::mlir::echo::HostType>($_self)">,
    "host tensor", "::mlir::echo::HostType">;

#endif // ECHO_TYPES_TD
