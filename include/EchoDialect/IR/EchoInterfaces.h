//===- EchoInterfaces.h - Differentiation and cost interfaces --*- C++ -*-===//

#ifndef ECHODIALECT_IR_ECHOINTERFACES_H
#define ECHODIALECT_IR_ECHOINTERFACES_H

#include "EchoDialect/IR/EchoAttrNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TypeRange.h"

#include <utility>

namespace mlir {
namespace echo {
/// Sum of getStorageBytes over `types`.
int64_t getTotalTensorBytes(TypeRange types);

} // namespace echo
} // namespace mlir

#include "EchoDialect/IR/EchoInterfaces.h.inc"

#endif // ECHODIALECT_IR_ECHOINTERFACES_H
