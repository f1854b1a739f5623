//===- RematStep.h - The training step as echo-remat sees it ----*- C++ -*-===//
//
// The straight-line step echo-autodiff builds, indexed once for Echo's
// analyses (RematPartition.h, RematStashEstimate.h) and its footprint model
// (RematPeakModel.h): op positions, the forward ops (before the loss seed)
// and, for each forward value the backward pass reads, its stash.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_REMATSTEP_H
#define ECHODIALECT_ANALYSIS_REMATSTEP_H

#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace mlir {
namespace echo {

struct RematStep {
  Block *block = nullptr;
  DenseMap<Operation *, int64_t> position;
  /// Forward ops (before the loss seed), stashes excluded.
  llvm::DenseSet<Operation *> forward;
  /// For each forward value read by the backward pass: its stash.
  DenseMap<Value, StashOp> stashOf;

  bool isForward(Operation *op) const { return op && forward.contains(op); }

  /// Indexes `fn`'s body; std::nullopt when `fn` is not a training step
  /// (external, several blocks, or no op carries the loss seed).
  static std::optional<RematStep> index(func::FuncOp fn);
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_REMATSTEP_H
