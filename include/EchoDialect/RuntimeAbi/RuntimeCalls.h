//===- RuntimeCalls.h - Emitting calls of the runtime ABI ------*- C++ -*-===//
//
// How the lowered step calls the runtime: one call per echo op, with its
// operands' and results' buffers, checked against the ABI's declaration
// (RuntimeAbi.h); the constant uploads, profile sites and offload copies
// the lowering adds around them.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_RUNTIMEABI_RUNTIMECALLS_H
#define ECHODIALECT_RUNTIMEABI_RUNTIMECALLS_H

#include "EchoDialect/IR/EchoTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace mlir {
class OpBuilder;
class Operation;
class Value;
class ValueRange;
namespace echo {

/// Emits the runtime call that computes `op` from operand buffers `inputs`
/// into preallocated result buffers `outputs` (memrefs of the result types).
/// Each buffer is passed through one memref.cast per buffer and type, right
/// after the buffer's definition. `symbols`, where given, is the cache of
/// the module's symbol table that declarations are looked up in and added
/// to.
LogicalResult emitRuntimeCall(OpBuilder &builder, Operation *op,
                              ValueRange inputs, ValueRange outputs,
                              SymbolTableCollection *symbols = nullptr);

/// Whether abi.def has an entry computing `op` in its own 16-bit element
/// type (every tensor operand and result f16, or every one bf16): the
/// products echo_linear, its gradients and echo_matmul, named with a
/// `_f16`/`_bf16` suffix, and the three convolutions echo_conv2d*.
/// echo-compute-in-f32 keeps such ops as they are;
/// emitRuntimeCall calls that entry.
bool hasNative16BitEntry(Operation *op);

/// Sets kInPlaceCallAttr (EchoInterfaces.h) on `call`, the runtime call just
/// emitted for `op`: for each InPlaceOpInterface pair (i, j) of `op`, the
/// positions, among the call's memref-typed operands, of `inputs[i]` (the
/// buffer of operand i) and `outputs[j]` (the buffer of result j), found in
/// `passed`, the buffer behind each memref-typed operand in order (one cast
/// may stand for several buffers of one tensor). Pairs whose buffers are
/// missing from the call, or are one buffer, are skipped; no pair, no
/// attribute.
void annotateInPlaceCall(Operation *call, Operation *op, ValueRange inputs,
                         ValueRange outputs, ArrayRef<Value> passed);

/// Where a runtime declaration or constant global named `name` goes: at the
/// module's start, in name order among the declarations already there, so
/// the output does not depend on the order functions are bufferized in.
void setInsertionPointForDeclaration(OpBuilder &builder, ModuleOp module,
                                     StringRef name);

/// The entry of abi.def that encodes (`direction` "encode") or decodes
/// ("decode") a value of `type`: echo_<direction>_<kind>, and for an f16 or
/// bf16 tensor echo_<direction>_<kind>_<f16|bf16>.
std::string codecEntry(StringRef direction, EncodedType type);

/// The encoding an entry named by codecEntry("encode", ...) writes; none
/// for any other name.
std::optional<EncodingKind> encodingWrittenBy(StringRef callee);

/// A constant of the step: copies `host` (a memref.global) into `device`.
LogicalResult emitUploadCall(OpBuilder &builder, Operation *op, Value host,
                             Value device);

/// At a stash numbered by echo-annotate-profile-sites: calls
/// echo_profile_density(site, buffer) on the stashed buffer.
LogicalResult emitProfileCall(OpBuilder &builder, Operation *stash,
                              int64_t site, Value buffer);

/// echo.offload: starts copying `buffer` to host pool slot `slot`
/// (echo_offload); the slot is the offload's token at run time.
LogicalResult emitOffloadCall(OpBuilder &builder, Operation *op, Value buffer,
                              int64_t slot);

/// echo.prefetch: copies host pool slot `slot` back into `buffer`
/// (echo_prefetch), after the slot's offload.
LogicalResult emitPrefetchCall(OpBuilder &builder, Operation *op, Value buffer,
                               int64_t slot);

/// Whether `callee` is one of the offload entries (echo_offload and its
/// element-type variants of echo/offload_types.def; not echo_offload_wait).
bool isOffloadEntry(llvm::StringRef callee);

/// Waits for the copies of host pool slot `slot` (echo_offload_wait): before
/// the device buffer an offload reads is freed.
LogicalResult emitOffloadWaitCall(OpBuilder &builder, Operation *op,
                                  int64_t slot);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_RUNTIMEABI_RUNTIMECALLS_H
