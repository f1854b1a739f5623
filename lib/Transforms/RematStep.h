//===- RematStep.h - The training step as echo-remat sees it ----*- C++ -*-===//
//
// Private to lib/Transforms: the straight-line step indexed for Echo's
// analysis (Remat.cpp) and its footprint model (RematPeakModel.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_TRANSFORMS_REMATSTEP_H
#define ECHO_LIB_TRANSFORMS_REMATSTEP_H

#include "EchoDialect/EchoOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

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
};

} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_TRANSFORMS_REMATSTEP_H
