//===- EchoTypes.h - Types of the echo dialect -----------------*- C++ -*-===//

#ifndef ECHODIALECT_IR_ECHOTYPES_H
#define ECHODIALECT_IR_ECHOTYPES_H

#include "EchoDialect/IR/EchoAttrs.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "EchoDialect/IR/EchoTypes.h.inc"

namespace mlir {
namespace echo {
/// Bytes of one element of an integer or float type: sub-byte types (i1)
/// take one byte, as they do in memory before encoding.
int64_t getElementBytes(Type elementType);

/// Bytes of a statically shaped tensor or memref of integers or floats, an
/// encoded or a host value; 0 for other types.
int64_t getStorageBytes(Type type);

/// Whether `kind` stores each element's own value at a lower precision
/// (fp16, fp10, fp8). fp10 and fp8 reduce f16 and bf16 tensors too, as
/// they are (the runtime reads and writes the 16-bit elements); every
/// other encoding of a 16-bit tensor is taken of its f32 value
/// (echo-compute-in-f32).
bool isPrecisionReduction(EncodingKind kind);

/// Whether precision reduction `kind` applies to tensors of `element`: all
/// three to f32, fp10 and fp8 also to f16 and bf16 (the verifier's rule and
/// Gist's choice).
bool reducesPrecisionOf(EncodingKind kind, Type element);
} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_ECHOTYPES_H
