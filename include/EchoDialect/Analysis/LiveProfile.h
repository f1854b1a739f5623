//===- LiveProfile.h - Live bytes over program points -----------*- C++ -*-===//
//
// The memory profile of a straight-line step as a pure data structure:
// intervals of live bytes over program points, with the peak (the largest
// sum at one point) kept current under insertions and removals. echo-remat
// uses it to check each recomputation decision against the footprint it
// produces; the buffer planner reaches this bound on the shipped models
// (docs/memory.md), so a decision that raises it raises the planned peak.
//
// A segment tree with lazy range addition: add/remove is O(log points),
// peak is O(1).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_LIVEPROFILE_H
#define ECHODIALECT_ANALYSIS_LIVEPROFILE_H

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

  /// Live bytes at one point (O(log points); for tests and reports).
  int64_t at(int64_t point) const;

  int64_t size() const { return points; }

private:
  void add(int64_t node, int64_t lo, int64_t hi, int64_t start, int64_t end,
           int64_t bytes);

  int64_t points;
  // maxOf[n]: max over n's range including pending[n] and below.
  std::vector<int64_t> maxOf, pending;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_LIVEPROFILE_H
