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

BufferPlan mlir::echo::planBestFit(llvm::ArrayRef<BufferRequest> requests,
                                   PlacementOrder order) {
  size_t n = requests.size();
  std::vector<size_t> byOrder(n);
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

  BufferPlan plan;
  plan.offsets.assign(n, 0);
  plan.strategy = order == PlacementOrder::LargestFirst ? "best-fit by size"
                                                        : "best-fit by lifetime";
  // Placed buffers sorted by offset, with what the scan needs stored inline
  // (this loop is the planner's hot path: O(n^2) in the worst case).
  struct Placed {
    int64_t begin, end; // memory range [begin, end)
    int64_t start, last; // lifetime
  };
  std::vector<Placed> placed;
  placed.reserve(n);
  for (size_t i : byOrder) {
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
  // Aligned allocators hand out whole alignment blocks.
  int64_t maxAlign = 1;
  for (const BufferRequest &r : requests)
    maxAlign = std::max(maxAlign, r.alignment);
  plan.arenaBytes = alignUp(plan.arenaBytes, maxAlign);
  return plan;
}

BufferPlan mlir::echo::planBuffers(llvm::ArrayRef<BufferRequest> requests) {
  BufferPlan best = planBestFit(requests, PlacementOrder::LargestFirst);
  BufferPlan other = planBestFit(requests, PlacementOrder::LongestFirst);
  if (other.arenaBytes < best.arenaBytes)
    best = std::move(other);
  return best;
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
