//===- RematOptimal.cpp - policy=optimal: the MILP's plan ------------------===//
//
// Echo's decisions are the incumbent. The peak model's problem is stated
// without IR (RematPeakModel::milpGraph) and solved with CBC
// (RematMilp.h): jointly when the step is small, else one subgraph at a
// time with the others fixed. A solution replaces the incumbent only where
// the model says it is better, so the plan is never worse than Echo's.
//
//===----------------------------------------------------------------------===//

#include "RematDecision.h"
#include "EchoDialect/Core/Progress.h"

#include <chrono>

using namespace mlir;
using namespace mlir::echo;

namespace {

int64_t flopsOf(ArrayRef<RematDecision> decisions) {
  int64_t total = 0;
  for (const RematDecision &d : decisions)
    total += RematPeakModel::flops(d.groups);
  return total;
}

/// Whether (peak, flops) `a` is better than `b` under `budget`.
bool better(int64_t peakA, int64_t flopsA, int64_t peakB, int64_t flopsB,
            int64_t budget) {
  if (budget >= 0) {
    bool fitsA = peakA <= budget, fitsB = peakB <= budget;
    if (fitsA != fitsB)
      return fitsA;
    if (!fitsA)
      return peakA < peakB;
    return flopsA < flopsB || (flopsA == flopsB && peakA < peakB);
  }
  return peakA < peakB || (peakA == peakB && flopsA < flopsB);
}

void unapply(RematPeakModel &model, RematDecision &d) {
  if (!d.groups.empty())
    model.revert(d.change);
  d.change = {};
}

void reapply(RematPeakModel &model, RematDecision &d) {
  d.change = {};
  if (!d.groups.empty())
    d.change = model.apply(d.groups);
}

/// `d` recomputes the nodes of group `g` that `recompute` selects, in
/// per-use regions.
void take(RematPeakModel &model, RematDecision &d,
          const RematPeakModel::MilpGraph &graph,
          const std::vector<bool> &recompute, int g) {
  d.path.clear();
  for (size_t n = 0; n < graph.defs.size(); ++n)
    // Nodes are in program order, an op's results next to each other.
    if (recompute[n] && graph.graph.nodes[n].group == g &&
        (d.path.empty() || d.path.back() != graph.defs[n]))
      d.path.push_back(graph.defs[n]);
  d.groups.clear();
  if (!d.path.empty())
    d.groups = model.groups(d.path, /*window=*/0);
  d.revertedBy = 0;
  reapply(model, d);
}

/// Puts Echo's decisions back (the model holds `decisions` applied).
void restore(RematPeakModel &model, MutableArrayRef<RematDecision> decisions,
             ArrayRef<RematDecision> echo) {
  for (RematDecision &d : llvm::reverse(decisions))
    unapply(model, d);
  for (auto [d, e] : llvm::zip(decisions, echo)) {
    d = e;
    reapply(model, d);
  }
}

/// Whether `result` did not finish; then `summary` says where and why.
bool unfinished(OptimalSummary &summary, const RematMilpResult &result,
                const std::string &where) {
  if (result.status != RematMilpResult::Status::Stopped &&
      result.status != RematMilpResult::Status::Failed)
    return false;
  summary.failed = result.status;
  summary.failure = result.failure;
  summary.failedAt = where;
  return true;
}

} // namespace

OptimalSummary
mlir::echo::planOptimal(RematPeakModel &model,
                        MutableArrayRef<RematDecision> decisions,
                        ArrayRef<SmallVector<Operation *>> subgraphs,
                        bool wholeOps, const RematMilpOptions &limits) {
  // The clock is read for the safety stop only: each solve's search is
  // bounded by its node count, so the plan does not depend on the load.
  auto started = std::chrono::steady_clock::now();
  auto left = [&] {
    std::chrono::duration<double> spent =
        std::chrono::steady_clock::now() - started;
    return limits.timeLimit - spent.count();
  };
  int64_t budget = limits.budget;
  OptimalSummary summary;
  summary.echoPeak = summary.peak = model.peak();
  summary.echoFlops = summary.flops = flopsOf(decisions);
  std::vector<RematDecision> echo(decisions.begin(), decisions.end());

  // The whole step as one program, unless it is too large to build.
  RematPeakModel::MilpGraph graph;
  {
    for (RematDecision &d : llvm::reverse(decisions))
      unapply(model, d);
    graph = model.milpGraph(subgraphs, wholeOps);
    summary.values = int64_t(graph.graph.nodes.size());
    summary.modelAgrees =
        evaluate(graph.graph, std::vector<bool>(graph.graph.nodes.size()))
            .peak == model.peak();
    RematMilpOptions options = limits;
    options.timeLimit = left();
    summary.result = solveRematMilp(graph.graph, options);
    summary.joint =
        summary.result.status != RematMilpResult::Status::TooLarge;
    if (!summary.joint ||
        unfinished(summary, summary.result, "the program of the step")) {
      for (auto [d, e] : llvm::zip(decisions, echo)) {
        d = e;
        reapply(model, d);
      }
      if (!summary.joint) {
        summary.values = 0;
        summary.modelAgrees = true;
      }
    }
  }
  if (summary.solverFailed())
    return summary;
  if (summary.joint) {
    std::vector<bool> recompute = summary.result.recompute;
    recompute.resize(graph.graph.nodes.size(), false);
    for (auto [g, d] : llvm::enumerate(decisions))
      take(model, d, graph, recompute, int(g));
    int64_t peak = model.peak(), flops = flopsOf(decisions);
    if (!summary.result.recompute.empty() &&
        better(peak, flops, summary.echoPeak, summary.echoFlops, budget)) {
      summary.keptEcho = false;
      summary.peak = peak;
      summary.flops = flops;
      return summary;
    }
    restore(model, decisions, echo);
    return summary;
  }

  // One subgraph at a time, the others as decided so far; their solves
  // share one progress line, and each has the node limit.
  Progress progress("echo-remat policy=optimal");
  progress.update("the step is too large for one program: " +
                  llvm::Twine(decisions.size()) + " subgraphs, one at a time");
  for (auto [g, d] : llvm::enumerate(decisions)) {
    unapply(model, d);
    RematPeakModel::MilpGraph one = model.milpGraph({subgraphs[g]}, wholeOps);
    bool any = llvm::any_of(one.graph.nodes, [](const RematGraph::Node &n) {
      return n.group >= 0 && !n.stashUses.empty();
    });
    if (!any) {
      reapply(model, d);
      continue;
    }
    summary.modelAgrees &=
        evaluate(one.graph, std::vector<bool>(one.graph.nodes.size()))
            .peak == model.peak();
    RematMilpOptions options = limits;
    options.timeLimit = left();
    options.progress = &progress;
    std::string where = "subgraph " + std::to_string(g + 1) + " of " +
                        std::to_string(decisions.size());
    options.progressLabel = where + ": ";
    RematMilpResult result = solveRematMilp(one.graph, options);
    if (unfinished(summary, result, where)) {
      reapply(model, d);
      restore(model, decisions, echo);
      break;
    }
    ++summary.values;
    if (result.status == RematMilpResult::Status::Optimal && result.exact)
      ++summary.proven;
    int64_t otherFlops =
        flopsOf(decisions) - RematPeakModel::flops(d.groups);
    RematDecision incumbent = d;
    reapply(model, d);
    int64_t incumbentPeak = model.peak();
    if (result.recompute.empty())
      continue;
    unapply(model, d);
    take(model, d, one, result.recompute, 0);
    int64_t peak = model.peak();
    if (better(peak, otherFlops + RematPeakModel::flops(d.groups),
               incumbentPeak,
               otherFlops + RematPeakModel::flops(incumbent.groups),
               budget)) {
      ++summary.improved;
      continue;
    }
    unapply(model, d);
    d = incumbent;
    reapply(model, d);
  }
  summary.peak = model.peak();
  summary.flops = flopsOf(decisions);
  if (summary.solverFailed()) {
    summary.improved = 0;
    progress.done(summary.failedAt + ": " + summary.failure + "; kept Echo's plan");
    return summary;
  }
  summary.keptEcho = summary.improved == 0;
  progress.done(llvm::Twine(summary.values) + " subgraphs solved, " +
                llvm::Twine(summary.improved) + " improved, peak " +
                llvm::Twine(summary.peak) + " bytes");
  return summary;
}
