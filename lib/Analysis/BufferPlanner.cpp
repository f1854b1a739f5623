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

bool conflict(const BufferRequest &a, const BufferRequest &b) {
  return a.start <= b.end && b.start <= a.end;
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
  // Placed buffers sorted by offset: (offset, index).
  std::vector<std::pair<int64_t, size_t>> placed;
  placed.reserve(n);
  std::vector<std::pair<int64_t, int64_t>> busy; // [begin, end) in memory
  for (size_t i : byOrder) {
    const BufferRequest &r = requests[i];
    int64_t align = std::max<int64_t>(r.alignment, 1);
    // Memory ranges of placed buffers alive at the same time, by offset.
    busy.clear();
    for (auto [offset, j] : placed)
      if (requests[j].size > 0 && conflict(r, requests[j]))
        busy.emplace_back(offset, offset + requests[j].size);
    // Best fit: the smallest gap that holds the buffer.
    int64_t best = -1, bestGap = INT64_MAX, cursor = 0;
    for (auto [begin, end] : busy) {
      int64_t candidate = alignUp(cursor, align);
      if (begin >= candidate + r.size && begin - candidate < bestGap) {
        best = candidate;
        bestGap = begin - candidate;
      }
      cursor = std::max(cursor, end);
    }
    if (best < 0)
      best = alignUp(cursor, align);
    plan.offsets[i] = best;
    plan.arenaBytes = std::max(plan.arenaBytes, best + r.size);
    auto pos = std::lower_bound(placed.begin(), placed.end(),
                                std::make_pair(best, i));
    placed.insert(pos, {best, i});
  }
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
  // Sweep: +size at start, -size after end.
  std::map<int64_t, int64_t> delta;
  for (const BufferRequest &r : requests) {
    delta[r.start] += r.size;
    delta[r.end + 1] -= r.size;
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
