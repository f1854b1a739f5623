//===- EchoInterfaces.h - Differentiation and cost interfaces --*- C++ -*-===//

#ifndef ECHODIALECT_ECHOINTERFACES_H
#define ECHODIALECT_ECHOINTERFACES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TypeRange.h"

#include <utility>

namespace mlir {
namespace echo {
/// Sum of getStorageBytes over `types`.
int64_t getTotalTensorBytes(TypeRange types);

/// On a func.call to a runtime entry: a DenseI64ArrayAttr of flattened
/// (input, output) positions, among the call's memref-typed operands, that
/// may alias. It is the call-level form of InPlaceOpInterface, set by the
/// lowering (annotateInPlaceCall) and read by echo-buffer-assign, which no
/// longer sees the echo op.
constexpr const char *kInPlaceCallAttr = "echo.in_place";
} // namespace echo
} // namespace mlir

#include "EchoDialect/EchoInterfaces.h.inc"

#endif // ECHODIALECT_ECHOINTERFACES_H
