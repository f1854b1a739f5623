//===- Raise.h - Shared pieces of echo-import-linalg -----------*- C++ -*-===//

#ifndef LIB_CONVERSION_LINALGTOECHO_RAISE_H
#define LIB_CONVERSION_LINALGTOECHO_RAISE_H

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/IR/InferredBuild.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace mlir {
namespace echo {
namespace linalg_import {

/// "echo-import-linalg: cannot raise 'OP': WHY" at the op.
InFlightDiagnostic cannotRaise(Operation *op, const Twine &why);

/// The value of a scalar (outside a generic body) known before the graph
/// runs: float and integer constants, conversions (truncf, extf, sitofp)
/// and float arithmetic of known scalars, `tensor.extract` of a splat.
/// Computed in double: conversions keep the value (an f64 epsilon stays
/// 1e-5 rather than its f32 rounding; echo attributes are f64).
std::optional<double> scalarConstant(Value v);

/// The value of every element of tensor `v` when it is known before the
/// graph runs: a fill of a known scalar (linalg.fill or echo.fill), a rank-0
/// constant, or an all-parallel linalg.generic whose inputs are all such
/// splats (torch-mlir computes clamp bounds this way: an i64 fill converted
/// by a rank-0 generic). Splat constants of rank >= 1 are not included:
/// they are weights.
std::optional<double> splatValue(Value v);

/// Evaluates the scalar body of a generic with block arguments bound to
/// `argValues` (unknown ones empty); nothing when the yielded value depends
/// on an unknown argument or an op the evaluator does not know.
std::optional<double> evalBody(Block &body,
                               ArrayRef<std::optional<double>> argValues);

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
