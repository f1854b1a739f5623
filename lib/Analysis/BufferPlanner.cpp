//===- BufferPlanner.cpp - Offsets for buffers with known lifetimes -------===//

#include "EchoDialect/Analysis/BufferPlanner.h"

#include <algorithm>
#include <map>
#include <numeric>

using namespace mlir::echo;

namespace {

int64_t alignUp(int64_t value, int64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

} // namespace

namespace {

/// Greedy best fit in the given order. `top` receives the last byte used
/// (before the arena is rounded up to the largest alignment).
///
/// Placement is a function of the order's prefix, so the first `kept`
/// buffers of `byOrder` take their offsets from `prefix` (a plan of an order
/// with the same first `kept` buffers) instead of being placed again. The
/// scan stops early, with `top` at least `abortAt`, once the plan cannot end
/// below `abortAt`.
BufferPlan placeInOrder(llvm::ArrayRef<BufferRequest> requests,
                        llvm::ArrayRef<size_t> byOrder, int64_t &top,
                        const BufferPlan *prefix = nullptr, size_t kept = 0,
                        int64_t abortAt = INT64_MAX) {
  size_t n = requests.size();
  BufferPlan plan;
  plan.offsets.assign(n, 0);
  // Placed buffers sorted by offset, with what the scan needs stored inline
  // (this loop is the planner's hot path: O(n^2) in the worst case).
  struct Placed {
    int64_t begin, end; // memory range [begin, end)
    int64_t start, last; // lifetime
  };
  std::vector<Placed> placed;
  placed.reserve(n);
  for (size_t i : byOrder.take_front(prefix ? kept : 0)) {
    const BufferRequest &r = requests[i];
    int64_t at = prefix->offsets[i];
    plan.offsets[i] = at;
    plan.arenaBytes = std::max(plan.arenaBytes, at + r.size);
    placed.push_back({at, at + r.size, r.start, r.end});
  }
  std::stable_sort(placed.begin(), placed.end(),
                   [](const Placed &a, const Placed &b) {
                     return a.begin < b.begin;
                   });
  for (size_t i : byOrder.drop_front(prefix ? kept : 0)) {
    if (plan.arenaBytes >= abortAt)
      break;
    const BufferRequest &r = requests[i];
    int64_t align = std::max<int64_t>(r.alignment, 1);
    // Best fit: the smallest gap, between buffers alive at the same time,
    // that holds this one.
    int64_t best = -1, bestGap = INT64_MAX, cursor = 0;
    for (const Placed &p : placed) {
      if (p.begin == p.end || p.start > r.end || r.start > p.last)
        continue;
      int64_t candidate = alignUp(cursor, align);
      if (p.begin >= candidate + r.size && p.begin - candidate < bestGap) {
        best = candidate;
        bestGap = p.begin - candidate;
      }
      cursor = std::max(cursor, p.end);
    }
    if (best < 0)
      best = alignUp(cursor, align);
    plan.offsets[i] = best;
    plan.arenaBytes = std::max(plan.arenaBytes, best + r.size);
    Placed entry{best, best + r.size, r.start, r.end};
    auto pos = std::upper_bound(
        placed.begin(), placed.end(), entry,
        [](const Placed &a, const Placed &b) { return a.begin < b.begin; });
    placed.insert(pos, entry);
  }
  top = plan.arenaBytes;
  // Aligned allocators hand out whole alignment blocks.
  int64_t maxAlign = 1;
  for (const BufferRequest &r : requests)
    maxAlign = std::max(maxAlign, r.alignment);
  plan.arenaBytes = alignUp(plan.arenaBytes, maxAlign);
  return plan;
}

std::vector<size_t> sortedOrder(llvm::ArrayRef<BufferRequest> requests,
                                PlacementOrder order) {
  std::vector<size_t> byOrder(requests.size());
  std::iota(byOrder.begin(), byOrder.end(), 0);
  auto length = [&](size_t i) { return requests[i].end - requests[i].start; };
  std::stable_sort(byOrder.begin(), byOrder.end(), [&](size_t a, size_t b) {
    const BufferRequest &x = requests[a], &y = requests[b];
    if (order == PlacementOrder::LargestFirst) {
      if (x.size != y.size)
        return x.size > y.size;
      return length(a) > length(b);
    }
    if (length(a) != length(b))
      return length(a) > length(b);
    return x.size > y.size;
  });
  return byOrder;
}

const char *strategyName(PlacementOrder order) {
  return order == PlacementOrder::LargestFirst ? "best-fit by size"
                                               : "best-fit by lifetime";
}

/// Order repair. A greedy order fixes each buffer before it sees the ones
/// placed later, so a short-lived buffer can end up on top of the arena
/// because an earlier, longer-lived neighbour took the gap it needed (two
/// gradient maps of one layer's backward pass, say). While the plan is above
/// the lower bound, take the first-placed buffer that reaches the top and
/// move it to just before an earlier buffer it is live with (nearest first);
/// keep the first move that lowers the top. Stops when no move helps or the
/// trial budget (bounded by n^2 work, so large steps stay fast) is spent.
BufferPlan repairOrder(llvm::ArrayRef<BufferRequest> requests,
                       std::vector<size_t> order, BufferPlan plan, int64_t top,
                       int64_t bound) {
  plan.strategy.clear();
  size_t n = requests.size();
  int64_t budget = 32;
  if (n > 0)
    budget = std::min<int64_t>(budget, int64_t(1e9) / int64_t(n * n));
  auto live = [&](size_t a, size_t b) {
    return requests[a].start <= requests[b].end &&
           requests[b].start <= requests[a].end;
  };
  int moves = 0;
  while (plan.arenaBytes > bound && budget > 0) {
    size_t pos = 0;
    while (plan.offsets[order[pos]] + requests[order[pos]].size != top)
      ++pos;
    size_t culprit = order[pos];
    bool improved = false;
    for (size_t k = pos; k-- > 0 && budget > 0;) {
      if (!live(order[k], culprit) || requests[order[k]].size == 0)
        continue;
      std::vector<size_t> moved = order;
      moved.erase(moved.begin() + pos);
      moved.insert(moved.begin() + k, culprit);
      // The first k buffers keep their places; a trial that reaches the
      // current top cannot win and stops there.
      int64_t movedTop;
      BufferPlan candidate =
          placeInOrder(requests, moved, movedTop, &plan, k, top);
      --budget;
      if (movedTop < top) {
        order = std::move(moved);
        plan = std::move(candidate);
        top = movedTop;
        ++moves;
        improved = true;
        break;
      }
    }
    if (!improved)
      break;
  }
  plan.strategy = moves == 1 ? " + 1 move"
                              : " + " + std::to_string(moves) + " moves";
  return plan;
}

} // namespace

BufferPlan mlir::echo::planBestFit(llvm::ArrayRef<BufferRequest> requests,
                                   PlacementOrder order) {
  int64_t top;
  BufferPlan plan = placeInOrder(requests, sortedOrder(requests, order), top);
  plan.strategy = strategyName(order);
  return plan;
}

BufferPlan mlir::echo::planBuffers(llvm::ArrayRef<BufferRequest> requests) {
  const PlacementOrder orders[] = {PlacementOrder::LargestFirst,
                                   PlacementOrder::LongestFirst};
  std::vector<size_t> byOrder[2];
  BufferPlan plans[2];
  int64_t tops[2];
  for (int i = 0; i < 2; ++i) {
    byOrder[i] = sortedOrder(requests, orders[i]);
    plans[i] = placeInOrder(requests, byOrder[i], tops[i]);
    plans[i].strategy = strategyName(orders[i]);
  }
  int64_t maxAlign = 1;
  for (const BufferRequest &r : requests)
    maxAlign = std::max(maxAlign, r.alignment);
  int64_t bound = alignUp(liveBytesLowerBound(requests), maxAlign);
  // Repair only when neither order reaches the bound; a repaired plan must
  // be strictly smaller to replace an unrepaired one.
  if (std::min(plans[0].arenaBytes, plans[1].arenaBytes) > bound) {
    for (int i = 0; i < 2; ++i) {
      BufferPlan repaired =
          repairOrder(requests, byOrder[i], plans[i], tops[i], bound);
      if (repaired.arenaBytes < plans[i].arenaBytes) {
        repaired.strategy = strategyName(orders[i]) + repaired.strategy;
        plans[i] = std::move(repaired);
      }
      if (plans[i].arenaBytes <= bound)
        break;
    }
  }
  return plans[1].arenaBytes < plans[0].arenaBytes ? plans[1] : plans[0];
}

int64_t mlir::echo::liveBytesLowerBound(llvm::ArrayRef<BufferRequest> requests) {
  // Sweep: +size at start, -size after end. With power-of-two alignments
  // every offset is a multiple of the smallest one, so sizes rounded up to
  // it occupy disjoint blocks and the bound stays valid.
  int64_t minAlign = INT64_MAX;
  for (const BufferRequest &r : requests)
    minAlign = std::min(minAlign, std::max<int64_t>(r.alignment, 1));
  std::map<int64_t, int64_t> delta;
  for (const BufferRequest &r : requests) {
    int64_t size = alignUp(r.size, minAlign);
    delta[r.start] += size;
    delta[r.end + 1] -= size;
  }
  int64_t live = 0, peak = 0;
  for (auto [point, change] : delta) {
    live += change;
    peak = std::max(peak, live);
  }
  return peak;
}

std::string mlir::echo::verifyPlan(llvm::ArrayRef<BufferRequest> requests,
                                   const BufferPlan &plan) {
  if (plan.offsets.size() != requests.size())
    return "plan has " + std::to_string(plan.offsets.size()) +
           " offsets for " + std::to_string(requests.size()) + " buffers";
  for (size_t i = 0; i < requests.size(); ++i) {
    const BufferRequest &r = requests[i];
    int64_t o = plan.offsets[i];
    if (o < 0 || o % std::max<int64_t>(r.alignment, 1) != 0)
      return "buffer " + std::to_string(i) + " is misaligned at " +
             std::to_string(o);
    if (o + r.size > plan.arenaBytes)
      return "buffer " + std::to_string(i) + " ends past the arena";
  }
  // Sweep in start order, checking against buffers still alive.
  std::vector<size_t> order(requests.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return requests[a].start < requests[b].start;
  });
  std::vector<size_t> active;
  for (size_t i : order) {
    const BufferRequest &r = requests[i];
    active.erase(std::remove_if(active.begin(), active.end(),
                                [&](size_t j) { return requests[j].end < r.start; }),
                 active.end());
    for (size_t j : active) {
      const BufferRequest &q = requests[j];
      if (r.size == 0 || q.size == 0)
        continue;
      int64_t a = plan.offsets[i], b = plan.offsets[j];
      if (a < b + q.size && b < a + r.size)
        return "buffers " + std::to_string(j) + " and " + std::to_string(i) +
               " are live together and overlap in memory";
    }
    active.push_back(i);
  }
  return "";
}
