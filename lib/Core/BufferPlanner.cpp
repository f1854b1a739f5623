//===- BufferPlanner.cpp - Offsets for buffers with known lifetimes -------===//

#include "EchoDialect/Core/BufferPlanner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <queue>

using namespace mlir::echo;

namespace {

int64_t alignUp(int64_t value, int64_t alignment) {
  // Powers of two (what the pass asks for) without a division.
  if (value >= 0 && (alignment & (alignment - 1)) == 0)
    return (value + alignment - 1) & ~(alignment - 1);
  return (value + alignment - 1) / alignment * alignment;
}

} // namespace

namespace {

/// Disjoint memory ranges [begin, end), sorted; ranges that overlap or touch
/// are merged, so a set stays as small as the fragmentation it describes.
struct Range {
  int64_t begin, end;
};
// Trivially copyable: inserts memmove. Most of the index's sets stay small:
// one range inline spares their first allocation, and SmallVector grows
// (2n + 1, by realloc) with fewer reallocations than std::vector from 1.
using RangeSet = llvm::SmallVector<Range, 1>;

void addRange(RangeSet &set, int64_t begin, int64_t end) {
  // The first range that ends at or after `begin` (it may touch or overlap).
  auto first = std::lower_bound(
      set.begin(), set.end(), begin,
      [](const Range &r, int64_t b) { return r.end < b; });
  auto last = first;
  while (last != set.end() && last->begin <= end) {
    begin = std::min(begin, last->begin);
    end = std::max(end, last->end);
    ++last;
  }
  if (first == last) {
    set.insert(first, {begin, end});
    return;
  }
  *first = {begin, end};
  set.erase(first + 1, last);
}

/// The memory occupied by placed buffers, indexed by lifetime: a segment
/// tree over the (compressed) program points. A buffer is stored at the
/// O(log P) nodes that canonically cover its lifetime (`cover`) and in the
/// union of its node and their ancestors (`inside`: every buffer with a
/// canonical node in the subtree). The buffers live at some point of a
/// query window are then the `inside` sets of the window's canonical nodes
/// plus the `cover` sets of their ancestors, O(log P) merged sets in all.
class OccupancyIndex {
public:
  explicit OccupancyIndex(size_t points) : points(points) {
    size_t nodes = 1;
    while (nodes < points)
      nodes *= 2;
    cover.resize(2 * nodes);
    inside.resize(2 * nodes);
  }

  /// Forgets every buffer (keeping the storage for the next plan).
  void clear() {
    for (RangeSet &set : cover)
      set.clear();
    for (RangeSet &set : inside)
      set.clear();
  }

  /// Marks [begin, end) as used at points first..last (compressed).
  void add(size_t first, size_t last, int64_t begin, int64_t end) {
    add(1, 0, points - 1, first, last, begin, end);
  }

  /// The sets whose union is the memory used at some point of first..last
  /// (each sorted; together they may overlap).
  void collect(size_t first, size_t last, std::vector<const RangeSet *> &out) {
    out.clear();
    collect(1, 0, points - 1, first, last, out);
  }

private:
  void add(size_t node, size_t lo, size_t hi, size_t first, size_t last,
           int64_t begin, int64_t end) {
    if (!shallow(node))
      addRange(inside[node], begin, end);
    if (first <= lo && hi <= last) {
      addRange(cover[node], begin, end);
      return;
    }
    size_t mid = lo + (hi - lo) / 2;
    if (first <= mid)
      add(2 * node, lo, mid, first, last, begin, end);
    if (last > mid)
      add(2 * node + 1, mid + 1, hi, first, last, begin, end);
  }

  void collect(size_t node, size_t lo, size_t hi, size_t first, size_t last,
               std::vector<const RangeSet *> &out) {
    if (first <= lo && hi <= last && !shallow(node)) {
      if (!inside[node].empty())
        out.push_back(&inside[node]);
      return;
    }
    if (!cover[node].empty())
      out.push_back(&cover[node]);
    if (lo == hi)
      return; // a leaf's `cover` is all of it
    size_t mid = lo + (hi - lo) / 2;
    if (first <= mid)
      collect(2 * node, lo, mid, first, last, out);
    if (last > mid)
      collect(2 * node + 1, mid + 1, hi, first, last, out);
  }

  /// The top levels keep no `inside` set: theirs would hold most of the
  /// arena's fragments and every insertion would shift them. A query
  /// that covers such a node reads its children's instead (only long
  /// lifetimes reach that high).
  static bool shallow(size_t node) { return node < (size_t(1) << 6); }

  size_t points;
  std::vector<RangeSet> cover, inside;
};

/// Program points renumbered densely (only starts and ends matter for
/// whether two lifetimes intersect).
struct CompressedLifetimes {
  std::vector<size_t> first, last;
  size_t points = 1;

  explicit CompressedLifetimes(llvm::ArrayRef<BufferRequest> requests) {
    std::vector<int64_t> coords;
    coords.reserve(2 * requests.size());
    for (const BufferRequest &r : requests) {
      coords.push_back(r.start);
      coords.push_back(r.end);
    }
    std::sort(coords.begin(), coords.end());
    coords.erase(std::unique(coords.begin(), coords.end()), coords.end());
    points = std::max<size_t>(coords.size(), 1);
    auto rank = [&](int64_t point) {
      return size_t(std::lower_bound(coords.begin(), coords.end(), point) -
                    coords.begin());
    };
    for (const BufferRequest &r : requests) {
      first.push_back(rank(r.start));
      last.push_back(rank(std::max(r.start, r.end)));
    }
  }
};

/// Greedy best fit in the given order. `top` receives the last byte used
/// (before the arena is rounded up to the largest alignment).
///
/// Placement is a function of the order's prefix, so the first `kept`
/// buffers of `byOrder` take their offsets from `prefix` (a plan of an order
/// with the same first `kept` buffers) instead of being placed again. The
/// scan stops early, with `top` at least `abortAt`, once the plan cannot end
/// below `abortAt`.
BufferPlan placeInOrder(llvm::ArrayRef<BufferRequest> requests,
                        const CompressedLifetimes &lifetimes,
                        OccupancyIndex &used, llvm::ArrayRef<size_t> byOrder, int64_t &top,
                        const BufferPlan *prefix = nullptr, size_t kept = 0,
                        int64_t abortAt = INT64_MAX) {
  size_t n = requests.size();
  BufferPlan plan;
  plan.offsets.assign(n, 0);
  used.clear();
  for (size_t i : byOrder.take_front(prefix ? kept : 0)) {
    const BufferRequest &r = requests[i];
    int64_t at = prefix->offsets[i];
    plan.offsets[i] = at;
    plan.arenaBytes = std::max(plan.arenaBytes, at + r.size);
    if (r.size > 0)
      used.add(lifetimes.first[i], lifetimes.last[i], at, at + r.size);
  }
  std::vector<const RangeSet *> sets;
  // Pieces of free memory: the first `pieces` of `free`, and room for
  // the next cut.
  std::vector<Range> free(1), cut;
  const int64_t kUnbounded = INT64_MAX;
  for (size_t i : byOrder.drop_front(prefix ? kept : 0)) {
    if (plan.arenaBytes >= abortAt)
      break;
    const BufferRequest &r = requests[i];
    // Zero-size buffers take no room and conflict with nothing: offset 0.
    if (r.size <= 0)
      continue;
    int64_t align = std::max<int64_t>(r.alignment, 1);
    // Best fit: the smallest gap, between buffers alive at the same time,
    // that holds this one (the first of equal gaps); else on top of them.
    used.collect(lifetimes.first[i], lifetimes.last[i], sets);
    // The free space is what no set covers. Start from all of it and cut
    // out each set's ranges, smallest set first, keeping only the pieces
    // that can still hold the buffer: ranges of other sets that fall where
    // it cannot go are never looked at.
    auto fits = [&](int64_t begin, int64_t end) {
      return end == kUnbounded || alignUp(begin, align) + r.size <= end;
    };
    std::sort(sets.begin(), sets.end(),
              [](const RangeSet *a, const RangeSet *b) {
                return a->size() < b->size();
              });
    free[0] = {0, kUnbounded};
    size_t pieces = 1;
    for (const RangeSet *set : sets) {
      // Each range splits at most one piece in two: room for the output
      // up front, written through a pointer.
      if (cut.size() < pieces + set->size())
        cut.resize(pieces + set->size());
      Range *out = cut.data();
      // Both lists are sorted: walk the set forward, galloping to each
      // piece's first overlapping range (ranges are disjoint, so their
      // ends increase too).
      const Range *range = set->begin(), *stop = set->end();
      for (const Range *piece = free.data(), *last = piece + pieces;
           piece != last; ++piece) {
        int64_t begin = piece->begin, end = piece->end;
        auto before = [&](const Range &x) {
          return x.end <= begin;
        };
        for (size_t step = 1; range != stop && before(*range); step *= 2) {
          const Range *probe = range + std::min<size_t>(step, stop - range) - 1;
          if (!before(*probe)) {
            range = std::partition_point(range, probe, before);
            break;
          }
          range = probe + 1;
        }
        // Most pieces pass a set untouched, and a piece in `free` fits.
        if (range == stop || range->begin >= end) {
          *out++ = {begin, end};
          continue;
        }
        int64_t at = begin;
        for (; range != stop && range->begin < end; ++range) {
          if (range->begin > at && fits(at, range->begin))
            *out++ = {at, range->begin};
          at = std::max(at, range->end);
          if (range->end > end)
            break; // it reaches into the next piece too
        }
        if (at < end && fits(at, end))
          *out++ = {at, end};
      }
      pieces = out - cut.data();
      std::swap(free, cut);
    }
    // Best fit: the smallest gap that holds it (the lowest of equal ones);
    // else on top of everything live with it (the unbounded piece).
    int64_t best = -1, bestGap = INT64_MAX;
    for (auto [begin, end] : llvm::ArrayRef(free).take_front(pieces)) {
      int64_t candidate = alignUp(begin, align);
      if (end == kUnbounded) {
        if (best < 0)
          best = candidate;
        break;
      }
      if (end - candidate < bestGap) {
        best = candidate;
        bestGap = end - candidate;
      }
    }
    plan.offsets[i] = best;
    plan.arenaBytes = std::max(plan.arenaBytes, best + r.size);
    used.add(lifetimes.first[i], lifetimes.last[i], best, best + r.size);
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

/// The live-bytes bound rounded up to the largest alignment: a plan's arena
/// is a multiple of it.
int64_t arenaLowerBound(llvm::ArrayRef<BufferRequest> requests) {
  int64_t maxAlign = 1;
  for (const BufferRequest &r : requests)
    maxAlign = std::max(maxAlign, r.alignment);
  return alignUp(liveBytesLowerBound(requests), maxAlign);
}

/// Whether no plan can have a smaller arena than arenaLowerBound: the
/// live-bytes bound holds when every alignment is a power of two.
bool boundIsProven(llvm::ArrayRef<BufferRequest> requests) {
  return llvm::all_of(requests, [](const BufferRequest &r) {
    return llvm::isPowerOf2_64(uint64_t(std::max<int64_t>(r.alignment, 1)));
  });
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
                       const CompressedLifetimes &lifetimes,
                       OccupancyIndex &used, std::vector<size_t> order, BufferPlan plan, int64_t top,
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
          placeInOrder(requests, lifetimes, used, moved, movedTop, &plan, k, top);
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
  CompressedLifetimes lifetimes(requests);
  OccupancyIndex used(lifetimes.points);
  BufferPlan plan = placeInOrder(requests, lifetimes, used,
                                 sortedOrder(requests, order), top);
  plan.strategy = strategyName(order);
  return plan;
}

namespace {

/// planBuffers without flagged requests: both orders, repaired when neither
/// reaches the bound. A plan whose arena is at most `enough` is returned as
/// soon as it is found (planFitsWithin; the plans tried before it are the
/// same as without it, so it changes only when the search stops).
BufferPlan planAll(llvm::ArrayRef<BufferRequest> requests,
                   int64_t enough = -1) {
  const PlacementOrder orders[] = {PlacementOrder::LargestFirst,
                                   PlacementOrder::LongestFirst};
  int64_t bound = arenaLowerBound(requests);
  std::vector<size_t> byOrder[2];
  BufferPlan plans[2];
  int64_t tops[2];
  CompressedLifetimes lifetimes(requests);
  OccupancyIndex used(lifetimes.points);
  for (int i = 0; i < 2; ++i) {
    byOrder[i] = sortedOrder(requests, orders[i]);
    plans[i] = placeInOrder(requests, lifetimes, used, byOrder[i], tops[i]);
    plans[i].strategy = strategyName(orders[i]);
    // No plan is smaller than a proven bound and ties keep the first, so a
    // first order at it is the answer.
    if (i == 0 && boundIsProven(requests) && plans[0].arenaBytes <= bound)
      return plans[0];
    if (plans[i].arenaBytes <= enough)
      return plans[i];
  }
  // Repair only when neither order reaches the bound; a repaired plan must
  // be strictly smaller to replace an unrepaired one.
  if (std::min(plans[0].arenaBytes, plans[1].arenaBytes) > bound) {
    for (int i = 0; i < 2; ++i) {
      BufferPlan repaired =
          repairOrder(requests, lifetimes, used, byOrder[i], plans[i], tops[i],
                      bound);
      if (repaired.arenaBytes < plans[i].arenaBytes) {
        repaired.strategy = strategyName(orders[i]) + repaired.strategy;
        plans[i] = std::move(repaired);
      }
      if (plans[i].arenaBytes <= enough)
        return plans[i];
      if (plans[i].arenaBytes <= bound)
        break;
    }
  }
  return plans[1].arenaBytes < plans[0].arenaBytes ? plans[1] : plans[0];
}

} // namespace

namespace {

/// planBuffers, stopping at the first plan whose arena is at most `enough`
/// (-1: never).
BufferPlan planBuffersUntil(llvm::ArrayRef<BufferRequest> requests,
                            llvm::ArrayRef<bool> placedLast, int64_t enough) {
  BufferPlan best = planAll(requests, enough);
  if (!llvm::is_contained(placedLast, true) || best.arenaBytes <= enough)
    return best;
  // Only a strictly smaller plan replaces the joint one.
  if (boundIsProven(requests) && best.arenaBytes <= arenaLowerBound(requests))
    return best;
  // The others planned on their own, then each flagged request best-fit
  // into that fixed plan, in each order.
  std::vector<size_t> others, flagged;
  for (size_t i = 0; i < requests.size(); ++i)
    (placedLast[i] ? flagged : others).push_back(i);
  std::vector<BufferRequest> otherRequests;
  for (size_t i : others)
    otherRequests.push_back(requests[i]);
  BufferPlan otherPlan = planAll(otherRequests);
  BufferPlan prefix;
  prefix.offsets.assign(requests.size(), 0);
  for (size_t k = 0; k < others.size(); ++k)
    prefix.offsets[others[k]] = otherPlan.offsets[k];
  std::vector<BufferRequest> flaggedRequests;
  for (size_t i : flagged)
    flaggedRequests.push_back(requests[i]);
  CompressedLifetimes lifetimes(requests);
  OccupancyIndex used(lifetimes.points);
  for (PlacementOrder order :
       {PlacementOrder::LargestFirst, PlacementOrder::LongestFirst}) {
    std::vector<size_t> byOrder = others;
    for (size_t k : sortedOrder(flaggedRequests, order))
      byOrder.push_back(flagged[k]);
    int64_t top;
    BufferPlan plan = placeInOrder(requests, lifetimes, used, byOrder, top,
                                   &prefix, others.size());
    if (plan.arenaBytes < best.arenaBytes) {
      plan.strategy = otherPlan.strategy + ", then flagged " +
                      strategyName(order);
      best = std::move(plan);
      if (best.arenaBytes <= enough)
        return best;
    }
  }
  return best;
}

} // namespace

BufferPlan mlir::echo::planBuffers(llvm::ArrayRef<BufferRequest> requests,
                                   llvm::ArrayRef<bool> placedLast) {
  return planBuffersUntil(requests, placedLast, /*enough=*/-1);
}

bool mlir::echo::planFitsWithin(llvm::ArrayRef<BufferRequest> requests,
                                llvm::ArrayRef<bool> placedLast,
                                int64_t limit) {
  if (limit < 0)
    return false;
  // No plan is below a proven bound.
  if (boundIsProven(requests) && arenaLowerBound(requests) > limit)
    return false;
  return planBuffersUntil(requests, placedLast, limit).arenaBytes <= limit;
}

int64_t mlir::echo::liveBytesLowerBound(llvm::ArrayRef<BufferRequest> requests) {
  // Sweep: +size at start, -size after end. With power-of-two alignments
  // every offset is a multiple of the smallest one, so sizes rounded up to
  // it occupy disjoint blocks and the bound stays valid.
  int64_t minAlign = INT64_MAX;
  for (const BufferRequest &r : requests)
    minAlign = std::min(minAlign, std::max<int64_t>(r.alignment, 1));
  std::vector<std::pair<int64_t, int64_t>> delta; // (point, change)
  delta.reserve(2 * requests.size());
  for (const BufferRequest &r : requests) {
    int64_t size = alignUp(r.size, minAlign);
    delta.push_back({r.start, size});
    delta.push_back({r.end + 1, -size});
  }
  llvm::sort(delta);
  // The peak is read once all the changes at a point are in.
  int64_t live = 0, peak = 0;
  for (size_t i = 0; i < delta.size();) {
    int64_t point = delta[i].first;
    for (; i < delta.size() && delta[i].first == point; ++i)
      live += delta[i].second;
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
  // Sweep in start order. The non-empty buffers alive at a point must be
  // disjoint in memory, so each new one is checked against its neighbours
  // by offset among them (O(n log n)); expired ones leave by end point.
  std::vector<size_t> order;
  for (size_t i = 0; i < requests.size(); ++i)
    if (requests[i].size > 0)
      order.push_back(i);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return requests[a].start < requests[b].start;
  });
  std::map<int64_t, size_t> aliveByOffset;
  std::priority_queue<std::pair<int64_t, size_t>,
                      std::vector<std::pair<int64_t, size_t>>, std::greater<>>
      byEnd;
  auto overlap = [&](size_t j, size_t i) {
    return "buffers " + std::to_string(j) + " and " + std::to_string(i) +
           " are live together and overlap in memory";
  };
  for (size_t i : order) {
    const BufferRequest &r = requests[i];
    while (!byEnd.empty() && byEnd.top().first < r.start) {
      size_t j = byEnd.top().second;
      byEnd.pop();
      auto it = aliveByOffset.find(plan.offsets[j]);
      if (it != aliveByOffset.end() && it->second == j)
        aliveByOffset.erase(it);
    }
    int64_t a = plan.offsets[i];
    auto next = aliveByOffset.lower_bound(a);
    if (next != aliveByOffset.end() && next->first < a + r.size)
      return overlap(next->second, i);
    if (next != aliveByOffset.begin()) {
      auto prev = std::prev(next);
      if (prev->first + requests[prev->second].size > a)
        return overlap(prev->second, i);
    }
    aliveByOffset[a] = i;
    byEnd.push({r.end, i});
  }
  return "";
}
