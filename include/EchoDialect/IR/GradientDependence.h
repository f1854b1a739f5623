//===- GradientDependence.h - What an op's backward pass reads -*- C++ -*-===//
//
// Echo decides whether a forward value must be stashed (or can be released,
// as for FC and conv outputs) from what the backward ops read. That fact is
// derived here from the IR that DifferentiableOpInterface builds, so it can
// never drift from the gradient rules themselves.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_GRADIENTDEPENDENCE_H
#define ECHODIALECT_IR_GRADIENTDEPENDENCE_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir {
namespace echo {

/// Which forward operands and results the backward ops of one op read.
struct GradientDependence {
  llvm::SmallBitVector operands;
  llvm::SmallBitVector results;

  bool readsAnyOperand() const { return operands.any(); }
  bool readsAnyResult() const { return results.any(); }
};

/// Builds `op`'s gradient into a scratch block, assuming every result
/// receives a gradient, and records which of `op`'s operands and results the
/// built ops use. Fails if `op` is not differentiable or its rule fails.
FailureOr<GradientDependence> getGradientDependence(Operation *op);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_GRADIENTDEPENDENCE_H
