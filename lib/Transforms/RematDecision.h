//===- RematDecision.h - echo-remat's per-subgraph decisions ----*- C++ -*-===//
//
// Private to lib/Transforms: what echo-remat decides for each subgraph of
// the partition (RematPartition.h), and the phases that revise the
// decisions on the peak model (RematPeakModel.h) before they are built:
//   RematArbitration.cpp  the path with the lowest modeled peak, and the
//                         guard that reverts all when the peak rises
//   RematMerge.cpp        the FLOPs phase: cheaper placements of the paths
//   RematOptimal.cpp      policy=optimal: the MILP's plan (RematMilp.h)
//   RematMaterialize.cpp  the echo.recompute regions of one decision
// Remat.cpp orders them.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_TRANSFORMS_REMATDECISION_H
#define ECHO_LIB_TRANSFORMS_REMATDECISION_H

#include "EchoDialect/Analysis/RematPeakModel.h"
#include "EchoDialect/Analysis/RematStashEstimate.h"

namespace mlir {
namespace echo {

/// One subgraph's decision.
struct RematDecision {
  SmallVector<Operation *> subgraph; // program order
  SmallVector<Operation *> path;     // recomputed ops, program order
  /// Echo's estimate of the subgraph's stash without recomputation
  /// (released) and with `path` recomputed (allocated).
  int64_t released = 0, allocated = 0;
  /// Echo's trimmed path and its estimate, whether applied or not.
  SmallVector<Operation *> trimmed;
  int64_t trimmedEstimate = 0;
  /// The regions chosen for the path, and their effect on the model.
  RematPeakModel::Groups groups;
  RematPeakModel::Change change;
  /// Set when Echo's estimate saves bytes but the model's peak rises.
  int64_t revertedBy = 0;
  // Filled in by materialize: what the regions really re-execute.
  int64_t flops = 0, clonedOps = 0, regions = 0;
};

/// Per subgraph, in order, with every other decision in `model`: no
/// recomputation, or the trimmed or whole subgraph in per-use or single
/// regions, whichever gives the lowest modeled peak (ties keep the current
/// choice). This is where a decision that raises the peak is reverted.
/// Each decision's groups, where it has any, are its path's per-use
/// regions (RematPeakModel::groups with window 0), applied to `model`.
void improveDecisions(const RematStashEstimate &estimate,
                      RematPeakModel &model,
                      MutableArrayRef<RematDecision> decisions);

/// When the decisions together leave the modeled peak above `basePeak`
/// (improveDecisions settles each given the others, and their choices
/// interact at the peak), takes every one back to no recomputation.
void revertAboveBaseline(RematPeakModel &model,
                         MutableArrayRef<RematDecision> decisions,
                         int64_t basePeak);

/// The FLOPs phase: cheaper placements of each path (joined regions,
/// checkpoints along a chain it re-runs), taken best FLOPs saved per byte
/// of peak first while the modeled peak stays within `limit` and the share
/// of the step's FLOPs saved is at least `exchangeRate` times the share of
/// the peak added.
void mergeRegions(const RematStashEstimate &estimate, RematPeakModel &model,
                  MutableArrayRef<RematDecision> decisions, int64_t limit,
                  double exchangeRate);

/// What policy=optimal did, for its remark.
struct OptimalSummary {
  bool joint = false;  // one program for the step (else per subgraph)
  int64_t values = 0;  // values decided (joint), or subgraphs solved
  int64_t proven = 0;  // subgraphs solved to optimality (per subgraph)
  int64_t improved = 0; // subgraphs where the MILP's plan was kept
  RematMilpResult result; // the joint solve
  bool modelAgrees = true; // the program's Baseline is the model's
  int64_t echoPeak = 0, echoFlops = 0, peak = 0, flops = 0;
  bool keptEcho = true;
  /// A solve that did not finish (RematMilpResult::Stopped or Failed): what
  /// happened and where ("the program of the step", "subgraph 3 of 40").
  /// Echo's plan is then kept whole.
  RematMilpResult::Status failed = RematMilpResult::Status::Optimal;
  std::string failure, failedAt;
  bool solverFailed() const { return !failure.empty(); }
};

/// policy=optimal, on Echo's decisions applied to `model`: the MILP's
/// choices (per-use regions) where they are better by (`budget` < 0) the
/// modeled peak and then FLOPs, or (`budget` >= 0) the FLOPs of a plan
/// within the budget; Echo's decisions otherwise (and wherever a solve did
/// not finish). `limits`: the budget, node and time limits and test hook
/// of every solve. `subgraphs[i]`: the ops
/// the program decides for decisions[i] (its subgraph, or with
/// recompute-heavy the heavy ops it reads too); `wholeOps`: ops with several
/// results are decided too (RematPeakModel::milpGraph).
OptimalSummary planOptimal(RematPeakModel &model,
                           MutableArrayRef<RematDecision> decisions,
                           ArrayRef<SmallVector<Operation *>> subgraphs,
                           bool wholeOps, const RematMilpOptions &limits);

/// The links of a chain that `decision`'s regions re-run, in program order.
SmallVector<Operation *> chainLinks(const RematDecision &decision);

/// Builds `decision`'s groups as echo.recompute regions before the first
/// backward reader of each, stashing their inputs; updates step.stashOf and
/// the decision's flops, clonedOps and regions.
void materialize(RematStep &step, RematDecision &decision);

} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_TRANSFORMS_REMATDECISION_H
