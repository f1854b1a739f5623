//===- RematStashEstimate.h - Echo's reuse-aware stash estimate -*- C++ -*-===//
//
// What one subgraph of the forward pass must keep for the backward pass when
// part of it (the path) is recomputed: Echo's estimate (Section IV-B), a set
// of values so a tensor shared by many ops counts once, each charged as
// StashEncodingChoice.h stores it, and a value shared with other subgraphs
// charged by its use count (Echo's EdgeUseRef). Local to the subgraph; the
// step's peak is RematPeakModel's question.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_REMATSTASHESTIMATE_H
#define ECHODIALECT_ANALYSIS_REMATSTASHESTIMATE_H

#include "EchoDialect/Analysis/RematStep.h"
#include "EchoDialect/Analysis/StashEncodingChoice.h"

namespace mlir {
namespace echo {

class RematStashEstimate {
public:
  using OpSet = llvm::DenseSet<Operation *>;

  RematStashEstimate(const RematStep &step, const GistPlan &plan)
      : step(step), plan(plan) {}

  /// Bytes `subgraph` (program order) must keep for the backward pass if
  /// `path` is recomputed and the rest of it is not.
  int64_t stashBytes(ArrayRef<Operation *> subgraph, const OpSet &path) const;
  /// What keeping `v` exactly, for a recompute region, costs the subgraph
  /// made of `members`: as gist-encode will store a region input.
  int64_t inputCost(Value v, const OpSet &members) const;
  /// What keeping `v` for the backward pass alone costs: as the plan's
  /// encodings will store its stash (1-bit masks, gist-encode's forms).
  int64_t stashCost(Value v, const OpSet &members) const;
  /// What keeping `v` plain costs the subgraph made of `members`: its size,
  /// or its share when other subgraphs read it too.
  int64_t chargeOf(Value v, const OpSet &members) const;

  const RematStep &getStep() const { return step; }

private:
  const RematStep &step;
  GistPlan plan;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_REMATSTASHESTIMATE_H
