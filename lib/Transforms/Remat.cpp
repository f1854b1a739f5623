//===- Remat.cpp - Echo's selective recomputation --------------------------===//
//
// Partitions the forward pass at compute-heavy ops, trims each subgraph's
// recomputation path with a reuse-aware estimate of the bytes it must
// stash, and materializes each path as echo.recompute regions before the
// backward ops that need it. Every decision is checked against the step's
// modeled peak: one that raises it is reverted, and a path is placed in a
// single region where that costs no peak. This file checks the options and
// orders the units (RematDecision.h lists them); see Passes.td and
// docs/echo.md.
//
//===----------------------------------------------------------------------===//

#include "RematDecision.h"
#include "StashEncoder.h"

#include "EchoDialect/Analysis/RematMegatron.h"
#include "EchoDialect/Analysis/RematPartition.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOREMAT
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

struct RematPass : echo::impl::EchoRematBase<RematPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Options out of range: a located error.
  LogicalResult checkOptions();
  /// budget=: -1 for min, else bytes (checkOptions has parsed it).
  int64_t budgetBytes() const;
  /// Echo's choices (trimming, the peak check, the FLOPs phase).
  bool echoChoices() const {
    return policy == RematPolicy::Echo || policy == RematPolicy::Optimal;
  }
  /// Echo's decision for one subgraph, from the estimate alone.
  RematDecision decide(const RematStashEstimate &estimate,
                       ArrayRef<Operation *> subgraph) const;
  /// policy=selective|full-layer: Megatron's fixed paths, one region each.
  void runMegatron(RematStep &step, const RematPartition &partition,
                   const GistPlan &plan);
  /// Builds every decision's regions (with their remarks), then keeps what
  /// stays stashed only for ReLU or dropout backward as a 1-bit mask.
  void buildDecisions(RematStep &step, MutableArrayRef<RematDecision> decisions,
                      const GistPlan &plan);
};

/// The remark at the first op of `d`'s subgraph: what its regions re-run,
/// or why nothing is.
void emitDecisionRemark(Operation *first, const RematDecision &d) {
  if (d.regions) {
    first->emitRemark() << "echo-remat: recompute " << d.clonedOps
                        << " ops in " << d.regions << " region(s) ("
                        << d.flops << " FLOPs); stashed bytes " << d.released
                        << " -> " << d.allocated;
    return;
  }
  InFlightDiagnostic remark = first->emitRemark();
  remark << "echo-remat: no recomputation for " << d.subgraph.size()
         << " ops; stashed bytes " << d.released << " kept";
  if (d.revertedBy)
    remark << " (reverted: the path would raise the step's peak by "
           << d.revertedBy << " bytes)";
}

LogicalResult RematPass::checkOptions() {
  if (!(flopsSlack >= 0.0 && flopsSlack <= 1.0))
    return getOperation().emitError(
               "echo-remat: flops-slack must be in [0, 1], got ")
           << double(flopsSlack);
  if (!(exchangeRate >= 0.0))
    return getOperation().emitError(
               "echo-remat: exchange-rate must be >= 0, got ")
           << double(exchangeRate);
  // Parsed with the option (Core/PeakBudget.h); a percentage has no
  // Baseline to be taken of here.
  const PeakBudget &peak = budget.getValue();
  if (peak.kind != PeakBudget::Kind::Bytes && peak.kind != PeakBudget::Kind::Min)
    return getOperation().emitError("echo-remat: budget must be 'min' or a "
                                    "byte count, got '")
           << peak.text << "'";
  if (solverNodes < 0)
    return getOperation().emitError(
               "echo-remat: solver-nodes must be >= 0, got ")
           << int64_t(solverNodes);
  if (!(timeLimit > 0.0 && timeLimit <= 86400.0))
    return getOperation().emitError(
               "echo-remat: time-limit must be in (0, 86400] seconds, got ")
           << double(timeLimit);
  if (layerStride < 1)
    return getOperation().emitError(
               "echo-remat: layer-stride must be >= 1, got ")
           << int64_t(layerStride);
  if (layerStride != 1 && policy != RematPolicy::FullLayer)
    return getOperation().emitError(
        "echo-remat: layer-stride needs policy=full-layer");
  if (recomputeHeavy && policy != RematPolicy::Optimal)
    return getOperation().emitError(
        "echo-remat: recompute-heavy needs policy=optimal");
  int64_t align = alignment;
  if (align <= 0 || (align & (align - 1)))
    return getOperation().emitError(
               "echo-remat: alignment must be a power of two, got ")
           << align;
  return success();
}

int64_t RematPass::budgetBytes() const {
  const PeakBudget &peak = budget.getValue();
  return peak.kind == PeakBudget::Kind::Bytes ? peak.bytes : -1;
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f", 100 * fraction);
  return text;
}

/// policy=optimal's remark: the solve, the plan kept, and how far below
/// the plan a proof reaches.
void emitOptimalRemark(Location loc, const OptimalSummary &s) {
  InFlightDiagnostic remark = mlir::emitRemark(loc);
  remark << "echo-remat: optimal: ";
  if (s.joint) {
    const RematMilpResult &r = s.result;
    remark << "one program for " << s.values << " values ("
           << r.columns << " columns, " << r.rows << " rows): "
           << statusName(r.status);
    if (r.status == RematMilpResult::Status::Optimal ||
        r.status == RematMilpResult::Status::Feasible)
      remark << ", objective " << int64_t(std::llround(r.objective))
             << ", bound " << int64_t(std::llround(r.bound)) << ", gap "
             << percent(r.gap()) << "%";
    if (!r.exact)
      remark << " (region internals bounded above: no proof)";
  } else {
    remark << "the step is too large for one program; " << s.values
           << " subgraphs solved with the others fixed, " << s.proven
           << " to optimality, " << s.improved << " improved";
  }
  remark << "; modeled peak " << s.peak << " bytes (Echo " << s.echoPeak
         << "), recompute FLOPs " << s.flops << " (Echo " << s.echoFlops
         << "); kept " << (s.keptEcho ? "Echo's plan" : "the MILP's plan");
  if (!s.modelAgrees)
    remark << " (the program's Baseline differs from the model's)";
}

RematDecision RematPass::decide(const RematStashEstimate &estimate,
                                ArrayRef<Operation *> subgraph) const {
  RematDecision d;
  d.subgraph.assign(subgraph.begin(), subgraph.end());
  if (echoChoices())
    d.path = trimPath(estimate, subgraph);
  else
    d.path = d.subgraph;
  RematStashEstimate::OpSet none, path(d.path.begin(), d.path.end());
  d.released = estimate.stashBytes(subgraph, none);
  d.allocated = estimate.stashBytes(subgraph, path);
  d.trimmed = d.path;
  d.trimmedEstimate = d.allocated;
  return d;
}

void RematPass::runOnOperation() {
  if (failed(checkOptions()))
    return signalPassFailure();
  // How stashes will be stored (masks=, gist=), for the estimates.
  GistPlan plan;
  plan.masks = masks;
  plan.lossless = gist != GistMode::None;
  plan.dpr = dprOf(gist);
  func::FuncOp fn = getOperation();
  if (policy == RematPolicy::None)
    return;
  std::optional<RematStep> indexed = RematStep::index(fn);
  if (!indexed)
    return; // not a training step built by echo-autodiff: nothing to do
  RematStep &step = *indexed;

  RematPartition partition(
      SmallVector<std::string>(heavyOps.begin(), heavyOps.end()));
  if (policy == RematPolicy::Selective || policy == RematPolicy::FullLayer)
    return runMegatron(step, partition, plan);

  // Algorithm 1: the subgraphs, each with Echo's trimmed path.
  RematStashEstimate estimate(step, plan);
  std::vector<RematDecision> decisions;
  for (ArrayRef<Operation *> subgraph : partition.subgraphs(step))
    decisions.push_back(decide(estimate, subgraph));

  // Decide in partition order on the footprint model, then build regions.
  RematPeakModel model(step, alignment, plan);
  int64_t basePeak = model.peak();
  // Where the mirror policy would take the peak: the FLOPs phase may not
  // give up Echo's lead over prior work. Only Echo's checks and the
  // remarks need it.
  int64_t mirrorPeak = basePeak;
  if ((echoChoices() && peakCheck) || remarks) {
    SmallVector<RematPeakModel::Change> changes;
    for (RematDecision &d : decisions)
      changes.push_back(
          model.apply(model.groups(d.subgraph, RematPeakModel::kOneRegion)));
    mirrorPeak = model.peak();
    for (RematPeakModel::Change &change : llvm::reverse(changes))
      model.revert(change);
  }
  for (RematDecision &d : decisions) {
    if (policy == RematPolicy::Mirror) {
      // Mirror recomputes every light op once per subgraph, unchecked.
      d.path = d.subgraph;
      d.groups = model.groups(d.path, RematPeakModel::kOneRegion);
      d.change = model.apply(d.groups);
    } else if (!d.path.empty() && d.allocated < d.released) {
      // Echo's estimate (Algorithm 1), as the paper applies it.
      d.groups = model.groups(d.path, /*window=*/0);
      d.change = model.apply(d.groups);
    } else {
      d.path.clear();
      d.allocated = d.released;
    }
  }
  if (echoChoices() && peakCheck) {
    improveDecisions(estimate, model, decisions);
    revertAboveBaseline(model, decisions, basePeak);
    // With gist= the model misses part of what gist-encode adds around
    // regions (Inception-v4 plans 4% more after free merges), but charging
    // the decoded region inputs made merging pay on the other models.
    int64_t peak = model.peak();
    int64_t limit = std::min({basePeak, std::max(peak, mirrorPeak - 1),
                              peak + int64_t(peak * flopsSlack)});
    mergeRegions(estimate, model, decisions, limit, exchangeRate);
  }
  if (policy == RematPolicy::Optimal) {
    std::vector<SmallVector<Operation *>> subgraphs;
    for (RematDecision &d : decisions)
      subgraphs.push_back(d.subgraph);
    if (recomputeHeavy)
      subgraphs = partition.withHeavyProducers(step, subgraphs);
    RematMilpOptions limits;
    limits.budget = budgetBytes();
    limits.nodes = solverNodes;
    limits.timeLimit = timeLimit;
    limits.fault = testSolverFault;
    OptimalSummary summary =
        planOptimal(model, decisions, subgraphs, /*wholeOps=*/recomputeHeavy,
                    limits);
    if (summary.solverFailed()) {
      // Always said: the plan is Echo's, not the MILP's the user asked for.
      InFlightDiagnostic warning = mlir::emitWarning(fn.getLoc());
      warning << "echo-remat: policy=optimal: " << summary.failure
              << " in " << summary.failedAt << "; kept Echo's plan";
      if (summary.failed == RematMilpResult::Status::Stopped) {
        char seconds[32];
        std::snprintf(seconds, sizeof(seconds), "%g", double(timeLimit));
        // A Twine: the diagnostic keeps a copy, not the buffer.
        warning << ". Whether the time-limit (" << llvm::Twine(seconds)
                << " s) stops a solve depends on the machine's load, so the "
                   "plan may differ from run to run: raise time-limit or "
                   "lower solver-nodes";
      }
    } else if (remarks) {
      emitOptimalRemark(fn.getLoc(), summary);
    }
    // With recompute-heavy the IR-free graph can differ from the model
    // (regions re-running heavy and multi-result ops), so its bound is no
    // proof about the model.
    if (remarks && !summary.solverFailed() && summary.joint &&
        budgetBytes() < 0 && !recomputeHeavy &&
        summary.result.exact &&
        (summary.result.status == RematMilpResult::Status::Optimal ||
         summary.result.status == RematMilpResult::Status::Feasible))
      mlir::emitRemark(fn.getLoc())
          << "echo-remat: proven lower bound of the modeled peak of "
             "per-use region plans (the MILP's bound): "
          << summary.result.peakBound << " bytes";
  }

  if (remarks) {
    // How far from what no recomputation can go below, at this peak.
    int64_t peak = model.peak(), at = model.peakPoint();
    for (RematDecision &d : llvm::reverse(decisions))
      if (!d.groups.empty())
        model.revert(d.change);
    int64_t floor = model.floorAt(at, [&](Operation *op) {
      return recomputeHeavy ? RematPartition::isClonable(op)
                            : partition.isRecomputable(op);
    });
    // At the function's location, without printing the whole function.
    mlir::emitRemark(fn.getLoc())
        << "echo-remat: modeled peak " << peak << " bytes at point " << at
        << " (Baseline " << basePeak << ", mirror " << mirrorPeak
        << "); no recomputation goes below " << floor << " there";
  }
  buildDecisions(step, decisions, plan);
}

void RematPass::buildDecisions(RematStep &step,
                               MutableArrayRef<RematDecision> decisions,
                               const GistPlan &plan) {
  for (RematDecision &d : decisions) {
    Operation *first = d.subgraph.front();
    materialize(step, d);
    if (remarks)
      emitDecisionRemark(first, d);
  }
  // What stays stashed only for ReLU or dropout backward keeps one bit per
  // element (Echo's dropout masks, Gist's Binarize; code shared with
  // gist-encode). Values something else reads stay exact.
  if (masks) {
    OpBuilder b(&getContext());
    StashEncoder(getOperation()).encodeMaskOnlyStashes(b, plan);
  }
}

void RematPass::runMegatron(RematStep &step, const RematPartition &partition,
                            const GistPlan &plan) {
  func::FuncOp fn = getOperation();
  std::vector<SmallVector<Operation *>> paths =
      policy == RematPolicy::FullLayer
          ? fullLayerPaths(step, partition, layerStride)
          : selectivePaths(step, partition);
  RematStashEstimate estimate(step, plan);
  RematPeakModel model(step, alignment, plan);
  int64_t basePeak = model.peak();
  std::vector<RematDecision> decisions;
  RematStashEstimate::OpSet none;
  for (SmallVector<Operation *> &path : paths) {
    RematDecision d;
    d.subgraph = path;
    d.path = path;
    RematStashEstimate::OpSet onPath(path.begin(), path.end());
    d.released = estimate.stashBytes(path, none);
    d.allocated = estimate.stashBytes(path, onPath);
    d.groups = model.groups(path, RematPeakModel::kOneRegion);
    d.change = model.apply(d.groups);
    decisions.push_back(std::move(d));
  }
  if (remarks) {
    const char *name =
        policy == RematPolicy::FullLayer ? "full-layer" : "selective";
    InFlightDiagnostic remark = mlir::emitRemark(fn.getLoc());
    remark << "echo-remat: " << name << ": " << int64_t(paths.size())
           << (policy == RematPolicy::FullLayer ? " layers" : " attention cores")
           << " recomputed; modeled peak " << model.peak() << " bytes (Baseline "
           << basePeak << ")";
    if (paths.empty())
      remark << (policy == RematPolicy::FullLayer
                     ? "; the forward has no layer boundary (no value every "
                       "path to the loss passes through before a heavy op)"
                     : "; no softmax computed from a batch_matmul (a fused "
                       "echo.attention recomputes its scores itself)");
  }
  buildDecisions(step, decisions, plan);
}

} // namespace
