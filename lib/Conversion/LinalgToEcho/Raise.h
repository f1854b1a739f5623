//===- Raise.h - Shared pieces of echo-import-linalg -----------*- C++ -*-===//

#ifndef LIB_CONVERSION_LINALGTOECHO_RAISE_H
#define LIB_CONVERSION_LINALGTOECHO_RAISE_H

#include "EchoDialect/Conversion/ImportCommon.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace mlir {
namespace echo {
namespace linalg_import {

/// "echo-import-linalg: cannot raise 'OP': WHY" at the op.
InFlightDiagnostic cannotRaise(Operation *op, const Twine &why);

/// The value of a float scalar constant, through truncf / extf.
std::optional<double> scalarConstant(Value v);

/// What the destination (DPS init) of a linalg op holds before it runs.
struct Init {
  enum Kind { Empty, Fill, Tensor } kind;
  double fill = 0;
  Value tensor;
};
Init classifyInit(Value init);

/// True for -inf and the lowest finite float: the neutral element of max.
bool isMaxNeutral(double v);

/// `result` combined with what the destination held (`add`, or `max` for
/// max reductions), which is nothing when it held the neutral element.
/// Fails, with a diagnostic, on an uninitialized destination.
FailureOr<Value> accumulate(EchoEmitter &e, Operation *op, Value result,
                            Value init, bool isMax = false);

/// `v`, read through indexing map `map` inside a loop nest of `bounds`, as a
/// rank-`bounds.size()` tensor numpy-broadcastable to `bounds` (transposed
/// and reshaped as the map says). Fails on maps other than projected
/// permutations with constant-0 results.
FailureOr<Value> alignOperand(EchoEmitter &e, Value v, AffineMap map,
                              ArrayRef<int64_t> bounds);

/// Raises a contraction given by its indexing maps (named matmuls or a
/// generic whose body is `out + a * b`) to echo.matmul / batch_matmul.
FailureOr<Value> raiseContraction(EchoEmitter &e, Operation *op, Value lhs,
                                  Value rhs, Value init,
                                  ArrayRef<AffineMap> maps);

/// Raises a linalg.generic: elementwise bodies, broadcasts, transposes,
/// reductions, contractions and inference batch norm.
FailureOr<Value> raiseGeneric(EchoEmitter &e, linalg::GenericOp op);

} // namespace linalg_import
} // namespace echo
} // namespace mlir

#endif // LIB_CONVERSION_LINALGTOECHO_RAISE_H
