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
#include "EchoDialect/Support/Progress.h"

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

} // namespace

OptimalSummary
mlir::echo::planOptimal(RematPeakModel &model,
                        MutableArrayRef<RematDecision> decisions,
                        ArrayRef<SmallVector<Operation *>> subgraphs,
                        bool wholeOps, int64_t budget, double timeLimit) {
  auto started = std::chrono::steady_clock::now();
  auto left = [&] {
    std::chrono::duration<double> spent =
        std::chrono::steady_clock::now() - started;
    return timeLimit - spent.count();
  };
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
    RematMilpOptions options;
    options.budget = budget;
    options.timeLimit = std::max(0.1, left());
    summary.result = solveRematMilp(graph.graph, options);
    summary.joint =
        summary.result.status != RematMilpResult::Status::TooLarge;
    if (!summary.joint) {
      for (auto [d, e] : llvm::zip(decisions, echo)) {
        d = e;
        reapply(model, d);
      }
      summary.values = 0;
      summary.modelAgrees = true;
    }
  }
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
    for (RematDecision &d : llvm::reverse(decisions))
      unapply(model, d);
    for (auto [d, e] : llvm::zip(decisions, echo)) {
      d = e;
      reapply(model, d);
    }
    return summary;
  }

  // One subgraph at a time, the others as decided so far; their solves
  // share one progress line.
  Progress progress("echo-remat policy=optimal");
  progress.update("the step is too large for one program: " +
                  llvm::Twine(decisions.size()) + " subgraphs, one at a time");
  for (auto [g, d] : llvm::enumerate(decisions)) {
    double share = left() / double(decisions.size() - g);
    if (share <= 0.01)
      break;
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
    RematMilpOptions options;
    options.budget = budget;
    options.timeLimit = share;
    options.progress = &progress;
    options.progressLabel = "subgraph " + std::to_string(g + 1) + " of " +
                            std::to_string(decisions.size()) + ": ";
    RematMilpResult result = solveRematMilp(one.graph, options);
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
  summary.keptEcho = summary.improved == 0;
  progress.done(llvm::Twine(summary.values) + " subgraphs solved, " +
                llvm::Twine(summary.improved) + " improved, peak " +
                llvm::Twine(summary.peak) + " bytes");
  return summary;
}
