//===- LiveProfile.h - Live bytes over program points -----------*- C++ -*-===//
//
// The memory profile of a straight-line step as a pure data structure:
// intervals of live bytes over program points, with the peak (the largest
// sum at one point) kept current under insertions and removals. echo-remat
// uses it to check each recomputation decision against the footprint it
// produces; the buffer planner reaches this bound on the shipped models
// (docs/memory.md), so a decision that raises it raises the planned peak.
//
// A bottom-up segment tree with range addition: add/remove is O(log points)
// without recursion, peak is O(1). echo-remat scores each option by adding
// and removing its intervals, millions of times on large steps, so this is
// its innermost loop.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_LIVEPROFILE_H
#define ECHODIALECT_CORE_LIVEPROFILE_H

#include <array>
#include <cstdint>
#include <vector>

namespace mlir {
namespace echo {

class LiveProfile {
public:
  /// Program points 0 .. points-1, all at zero bytes.
  explicit LiveProfile(int64_t points);

  /// Adds `bytes` (negative to remove) at every point of [start, end],
  /// inclusive; the interval is clamped to the valid points.
  void add(int64_t start, int64_t end, int64_t bytes);

  /// The largest live-byte sum over all points.
  int64_t peak() const { return points > 0 ? maxOf[1] : 0; }

  /// Intervals {start, end, bytes}, as add() takes them.
  using Changes = std::vector<std::array<int64_t, 3>>;
  /// Changes as steps of their sum ({point, bytes added from there on}),
  /// sorted by point.
  using Steps = std::vector<std::array<int64_t, 2>>;
  void stepsOf(const Changes &changes, Steps &steps) const;

  /// The peak if `changes` and the changes of `base` (stepsOf) were added,
  /// without adding them: echo-remat scores most options this way instead
  /// of adding and removing each interval, with what all of them share as
  /// the base. One walk down the tree that stops at nodes the changes
  /// cover evenly or that cannot reach the best sum found so far.
  int64_t peakWith(const Changes &changes, const Steps *base = nullptr) const;

  /// Live bytes at one point (O(log points); for tests and reports).
  int64_t at(int64_t point) const;

  int64_t size() const { return points; }

private:
  /// Recomputes the maxima of the ancestors of leaves `lo` and `hi`.
  void pull(int64_t lo, int64_t hi);

  /// peakWith's walk: the segments of the changes' sum ({first point,
  /// sum}), the one the walk is in, the largest sum and the best total.
  struct Walk {
    const std::array<int64_t, 2> *segment, *end;
    int64_t largest, best;
  };
  /// The walk below `node` (leaves lo..hi), `above` the pending bytes of
  /// its ancestors.
  void peakBelow(Walk &walk, int64_t node, int64_t lo, int64_t hi,
                 int64_t above) const;

  int64_t points;
  int64_t leaves; // a power of two >= points; leaf i is node leaves + i
  // maxOf[n]: the max over n's leaves, pending[n] and below included;
  // pending[n]: bytes added to all of n's leaves (inner nodes only).
  // Leaves past `points` hold a value no sum reaches, so they never win.
  std::vector<int64_t> maxOf, pending;
  // peakWith's scratch: the changes' steps, with the base's, and the
  // segments of their sum.
  mutable Steps steps, merged, segments;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_LIVEPROFILE_H
