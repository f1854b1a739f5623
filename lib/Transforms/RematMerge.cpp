//===- RematMerge.cpp - echo-remat's FLOPs phase ---------------------------===//
//
// Once the peak is settled, each path's regions may re-run ops several
// times (per-use regions of a chain re-run it from its start). This phase
// trades a little modeled peak, within a limit, for fewer re-run FLOPs:
// regions joined, or checkpoints stashed along a chain.
//
//===----------------------------------------------------------------------===//

#include "RematDecision.h"

#include "llvm/ADT/SmallSet.h"

#include <algorithm>
#include <vector>

using namespace mlir;
using namespace mlir::echo;

void mlir::echo::mergeRegions(const RematStashEstimate &estimate,
                              RematPeakModel &model,
                              MutableArrayRef<RematDecision> ds, int64_t limit,
                              double exchangeRate) {
  // Every path's cheaper placements: its regions joined (one region, use
  // points within halving windows, regions sharing ops), or checkpoints
  // along a chain it re-runs (Chen et al.'s sqrt(n) idea: every stride-th
  // link stashed; per-use regions then re-run at most a stride of links,
  // joined ones each op once).
  struct Option {
    size_t decision;
    SmallVector<Operation *> path;
    RematPeakModel::Groups groups;
    int64_t flops;
    int64_t saved = 0, cost = 0; // FLOPs saved, peak added: last scored
    int64_t epoch = 0;
  };
  SmallVector<int64_t> windows{RematPeakModel::kOneRegion,
                               RematPeakModel::kJoinShared};
  for (int64_t w = model.points() / 2; w >= 2; w /= 2)
    windows.push_back(w);
  // SmallVector grows by moving its elements; std::vector would copy every
  // option's regions on each growth (SmallVector's move is not noexcept).
  SmallVector<Option, 0> options;
  SmallVector<int64_t> flopsOf(ds.size()), onceFlopsOf(ds.size());
  for (auto [i, d] : llvm::enumerate(ds)) {
    if (d.groups.size() < 2)
      continue;
    // Groups are read off the model without this path's own regions.
    model.suspend(d.change);
    flopsOf[i] = RematPeakModel::flops(d.groups);
    RematPeakModel::Groups once =
        model.groups(d.path, RematPeakModel::kOneRegion);
    onceFlopsOf[i] = RematPeakModel::flops(once);
    if (onceFlopsOf[i] >= flopsOf[i]) {
      // Nothing re-runs: joins save nothing, and links stashed would cost
      // peak that only buys re-runs back.
      model.resume(d.change);
      continue;
    }
    llvm::SmallSet<std::pair<int64_t, size_t>, 16> seen;
    auto consider = [&](ArrayRef<Operation *> path,
                        RematPeakModel::Groups groups) {
      int64_t flops = RematPeakModel::flops(groups);
      if (!groups.empty() && flops < flopsOf[i] &&
          seen.insert({flops, groups.size()}).second)
        options.push_back(
            {i, SmallVector<Operation *>(path), std::move(groups), flops});
    };
    // Windows wider than the span of the regions give one region; those
    // narrower than their closest pair, the regions as they are.
    int64_t span = d.groups.back().at - d.groups.front().at, gap = span;
    for (size_t g = 1; g < d.groups.size(); ++g)
      gap = std::min(gap, d.groups[g].at - d.groups[g - 1].at);
    for (int64_t window : windows)
      if (window == RematPeakModel::kOneRegion)
        consider(d.path, std::move(once));
      else if (window < 0 || (window >= gap && window < span))
        consider(d.path, model.groups(d.path, window));
    SmallVector<Operation *> links = chainLinks(d);
    for (size_t stride = 1; stride <= links.size(); stride *= 2) {
      llvm::DenseSet<Operation *> stashed;
      for (size_t k = stride - 1; k < links.size(); k += stride)
        stashed.insert(links[k]);
      SmallVector<Operation *> path;
      for (Operation *op : d.path)
        if (!stashed.contains(op))
          path.push_back(op);
      consider(path, model.groups(path, /*window=*/0));
      consider(path, model.groups(path, RematPeakModel::kJoinShared));
    }
    model.resume(d.change);
  }

  // Lazy greedy on FLOPs saved per byte of peak added, measured in the
  // current state: free savings first, then the best rates, while the peak
  // stays within `limit`. Peak is paid only for re-runs (work beyond each
  // path op once) and only where the share of the step's FLOPs saved is at
  // least `exchange-rate` times the share of the peak added.
  int64_t stepFlops = 0;
  for (Operation &op : *estimate.getStep().block)
    if (auto cost = dyn_cast<CostOpInterface>(op))
      stepFlops += cost.getFlops();
  // Scores `o` from `peak`, the model's peak with `o` in place of its
  // decision's regions; `before` was the peak with them. Valid while
  // `epoch` (the number of options taken) is unchanged.
  int64_t epoch = 0;
  auto score = [&](Option &o, int64_t before, int64_t peak) {
    o.saved = flopsOf[o.decision] - o.flops;
    o.cost = std::max<int64_t>(0, peak - before);
    if (o.cost > 0)
      o.saved = std::min(o.saved, flopsOf[o.decision] - onceFlopsOf[o.decision]);
    o.epoch = epoch;
  };
  auto better = [](const Option *a, const Option *b) {
    // a.saved / a.cost < b.saved / b.cost (the heap's order), no division
    __int128 lhs = (__int128)a->saved * b->cost,
             rhs = (__int128)b->saved * a->cost;
    return lhs != rhs ? lhs < rhs : a->saved < b->saved;
  };
  // Scores options of one decision, one after the other, each in place
  // of the decision's own regions.
  auto scoreAll = [&](MutableArrayRef<Option> sameDecision) {
    RematDecision &d = ds[sameDecision.front().decision];
    int64_t before = model.peak();
    model.suspend(d.change);
    for (Option &o : sameDecision)
      score(o, before, model.peakWith(o.groups));
    model.resume(d.change);
  };
  std::vector<Option *> heap;
  for (auto first = options.begin(); first != options.end();) {
    auto last = std::find_if(first, options.end(), [&](const Option &o) {
      return o.decision != first->decision;
    });
    scoreAll(MutableArrayRef<Option>(&*first, last - first));
    // Only the options no other beats on both FLOPs and peak.
    std::sort(first, last, [](const Option &a, const Option &b) {
      return std::tie(a.cost, a.flops) < std::tie(b.cost, b.flops);
    });
    int64_t cheapest = flopsOf[first->decision];
    for (Option &o : llvm::make_range(first, last))
      if (o.flops < cheapest) {
        cheapest = o.flops;
        heap.push_back(&o);
      }
    first = last;
  }
  std::make_heap(heap.begin(), heap.end(), better);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), better);
    Option &o = *heap.back();
    heap.pop_back();
    RematDecision &d = ds[o.decision];
    int64_t before = model.peak();
    if (o.epoch != epoch) {
      // Options taken since may have changed its worth: score it again,
      // and put it back in line if it did.
      int64_t saved = o.saved, cost = o.cost;
      scoreAll(o);
      if (o.saved <= 0)
        continue;
      if (o.saved != saved || o.cost != cost) {
        heap.push_back(&o);
        std::push_heap(heap.begin(), heap.end(), better);
        continue;
      }
    }
    bool worth = o.saved > 0 &&
                 (o.cost == 0 ||
                  double(o.saved) * double(before) >=
                      exchangeRate * double(o.cost) * double(stepFlops));
    if (!worth || before + o.cost > limit)
      continue;
    model.revert(d.change);
    d.change = model.apply(o.groups);
    if (o.path.size() != d.path.size()) {
      llvm::DenseSet<Operation *> onPath(o.path.begin(), o.path.end());
      d.allocated = estimate.stashBytes(d.subgraph, onPath);
    }
    flopsOf[o.decision] = o.flops;
    d.path = std::move(o.path);
    d.groups = std::move(o.groups);
    ++epoch;
  }
}

SmallVector<Operation *> mlir::echo::chainLinks(const RematDecision &d) {
  // A chain (an LSTM's cell states, a ResNet's residual sums) makes every
  // per-use region re-run it from its start: its links are the path values
  // a region yields that other regions recompute too.
  DenseMap<Operation *, int> bodies;
  llvm::DenseSet<Operation *> yields;
  for (const RematPeakModel::Group &group : d.groups) {
    for (Operation *op : group.body)
      ++bodies[op];
    for (Value v : group.yielded)
      yields.insert(v.getDefiningOp());
  }
  // Only links that follow another link along the path (the residual
  // sums, not the batch norms feeding them) cut the chain when stashed.
  auto isLink = [&](Operation *op) {
    return yields.contains(op) && bodies.lookup(op) > 1;
  };
  llvm::DenseSet<Operation *> onPath(d.path.begin(), d.path.end());
  llvm::DenseSet<Operation *> afterLink;
  SmallVector<Operation *> links;
  for (Operation *op : d.path) {
    bool follows = llvm::any_of(op->getOperands(), [&](Value in) {
      Operation *def = in.getDefiningOp();
      return onPath.contains(def) && (afterLink.contains(def) || isLink(def));
    });
    if (follows)
      afterLink.insert(op);
    if (follows && isLink(op))
      links.push_back(op);
  }
  return links;
}
