//===- RematArbitration.cpp - Echo's decisions checked on the peak ---------===//
//
// Echo's estimate is local to a subgraph; here each decision is weighed on
// the step's modeled peak against its alternatives, and one that raises the
// peak is reverted.
//
//===----------------------------------------------------------------------===//

#include "RematDecision.h"

using namespace mlir;
using namespace mlir::echo;

void mlir::echo::improveDecisions(const RematStashEstimate &estimate,
                                  RematPeakModel &model,
                                  MutableArrayRef<RematDecision> decisions) {
  for (RematDecision &d : decisions) {
    // Candidates are weighed without d's own regions.
    bool applied = !d.groups.empty();
    if (applied)
      model.suspend(d.change);
    struct Candidate {
      SmallVector<Operation *> path;
      int64_t estimate, peak, flops;
      RematPeakModel::Groups groups;
    };
    // Ties keep Echo's own decision (listed first).
    SmallVector<Candidate, 3> candidates;
    // `known`: the groups model.groups would build for `path` (paths of
    // different subgraphs are disjoint, so their regions do not change
    // what this path's regions are).
    auto add = [&](ArrayRef<Operation *> path, int64_t estimate,
                   bool single = false,
                   const RematPeakModel::Groups *known = nullptr) {
      Candidate c{SmallVector<Operation *>(path), estimate, 0, 0, {}};
      if (path.empty()) {
        c.peak = model.peakWith({});
      } else {
        c.groups = known ? *known
                         : model.groups(path, single ? RematPeakModel::kOneRegion
                                                     : 0);
        c.peak = model.peakWith(c.groups);
        c.flops = RematPeakModel::flops(c.groups);
      }
      candidates.push_back(std::move(c));
    };
    // d.groups are d.path's per-use regions (Remat.cpp).
    add(d.path, d.allocated, /*single=*/false,
        d.groups.empty() ? nullptr : &d.groups);
    if (!d.path.empty())
      add({}, d.released);
    else if (!d.trimmed.empty())
      add(d.trimmed, d.trimmedEstimate);
    if (!d.trimmed.empty())
      add(d.trimmed, d.trimmedEstimate, /*single=*/true);
    RematStashEstimate::OpSet all(d.subgraph.begin(), d.subgraph.end());
    int64_t fullEstimate = estimate.stashBytes(d.subgraph, all);
    if (d.trimmed.size() != d.subgraph.size())
      add(d.subgraph, fullEstimate);
    add(d.subgraph, fullEstimate, /*single=*/true);
    Candidate *best = &candidates.front();
    for (Candidate &c : candidates)
      if (c.peak < best->peak)
        best = &c;
    if (best->path.empty() && !d.path.empty())
      d.revertedBy = candidates.front().peak - best->peak;
    if (applied)
      model.resume(d.change);
    // The first candidate is d as it is, applied where it has groups.
    if (best == &candidates.front() && (applied || best->groups.empty()))
      continue;
    if (applied)
      model.revert(d.change);
    d.path = best->path;
    d.allocated = best->estimate;
    d.groups = std::move(best->groups);
    d.change = {};
    if (!d.groups.empty())
      d.change = model.apply(d.groups);
  }
}

void mlir::echo::revertAboveBaseline(RematPeakModel &model,
                                     MutableArrayRef<RematDecision> decisions,
                                     int64_t basePeak) {
  int64_t excess = model.peak() - basePeak;
  if (excess <= 0)
    return;
  for (RematDecision &d : llvm::reverse(decisions)) {
    if (d.groups.empty())
      continue;
    model.revert(d.change);
    d.groups.clear();
    d.change = {};
    d.path.clear();
    d.allocated = d.released;
    d.revertedBy = excess;
  }
}
