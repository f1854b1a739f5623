//===- RewriteHelpers.h - Shared by echo's greedy rewrites ------*- C++ -*-===//
//
// What echo-raise-attention and the importers' cleanup both need: seeing a
// value through the ops that only re-lay it out, the value of a splat, and
// the configuration their greedy rewrites run under.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_TRANSFORMS_REWRITEHELPERS_H
#define ECHODIALECT_TRANSFORMS_REWRITEHELPERS_H

#include "mlir/IR/Value.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/APFloat.h"

#include <optional>

namespace mlir {
namespace echo {

/// The echo.reshape ops lookThroughBroadcasts looks through, besides every
/// echo.broadcast_to.
enum class ReshapesSeen {
  /// None: the shape seen is still numpy-aligned with the value's.
  None,
  /// Those that only add or drop size-1 dimensions: the other dimensions
  /// keep their sizes and order.
  UnitDims,
  /// All of them: only a splat's value is wanted, which no reshape changes.
  All,
};

/// `v`, or what it was broadcast or reshaped (as `reshapes` says) from.
Value lookThroughBroadcasts(Value v, ReshapesSeen reshapes);

/// Which ops lookThroughBroadcasts must reach for splatValueOf to answer.
enum class SplatSources { Fills, FillsAndSplatConstants };

/// The value every element of `v` holds, as the fill or dense float
/// constant writes it (not rounded to `v`'s element type), when `v` is such
/// an op seen through broadcasts and `reshapes`.
std::optional<llvm::APFloat> splatValueOf(Value v, ReshapesSeen reshapes,
                                          SplatSources sources);

/// The greedy driver's configuration for echo-raise-attention and the
/// import cleanup (which runs its patterns too).
GreedyRewriteConfig rewriteConfigKeepingConstantsApart();

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_TRANSFORMS_REWRITEHELPERS_H
