//===- ElementFunctions.h - Per-element semantics of the kinds --*- C++ -*-===//
//
// The scalar function of each EchoUnaryKind (forward and gradient) and
// EchoBinaryKind (echo/runtime.h), as IR on f32 values: the same operations
// in the same order as runtime/cpu/Elementwise.cpp and Broadcast.cpp, so the
// generated loops store the runtime's bits (transcendental functions are
// `math` ops: libm on the CPU, libdevice on the GPU).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_ELEMENTFUNCTIONS_H
#define ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_ELEMENTFUNCTIONS_H

#include "mlir/IR/Builders.h"

namespace mlir {
namespace echo {
namespace light {

/// y = f(x).
using UnaryFunction = Value (*)(OpBuilder &, Location, Value x);
/// y = f(a, b); for gradients (fwd, dy).
using BinaryFunction = Value (*)(OpBuilder &, Location, Value a, Value b);

/// The forward function of unary `kind`, or null for a kind the runtime
/// does not know.
UnaryFunction unaryFunction(int64_t kind);
/// dx from (fwd, dy) for unary `kind` (fwd as echo_unary_grad documents),
/// or null.
BinaryFunction unaryGradFunction(int64_t kind);
/// a (kind) b, or null.
BinaryFunction binaryFunction(int64_t kind);

} // namespace light
} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_ELEMENTFUNCTIONS_H
