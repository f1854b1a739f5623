//===- LiveProfile.cpp - Live bytes over program points --------------------===//

#include "EchoDialect/Analysis/LiveProfile.h"

#include <algorithm>
#include <limits>

using namespace mlir::echo;

namespace {
/// Padding leaves: below any live-byte sum, with room for additions.
constexpr int64_t kNever = std::numeric_limits<int64_t>::min() / 4;
} // namespace

LiveProfile::LiveProfile(int64_t points)
    : points(std::max<int64_t>(0, points)), leaves(1) {
  while (leaves < this->points)
    leaves *= 2;
  maxOf.assign(2 * leaves, 0);
  pending.assign(leaves, 0);
  for (int64_t i = this->points; i < leaves; ++i)
    maxOf[leaves + i] = kNever;
  for (int64_t node = leaves - 1; node >= 1; --node)
    maxOf[node] = std::max(maxOf[2 * node], maxOf[2 * node + 1]);
}

void LiveProfile::add(int64_t start, int64_t end, int64_t bytes) {
  start = std::max<int64_t>(start, 0);
  end = std::min(end, points - 1);
  if (start > end || bytes == 0)
    return;
  // The fewest nodes that cover [start, end] exactly, climbing from both
  // ends; then the maxima above them.
  int64_t lo = start + leaves, hi = end + leaves + 1; // [lo, hi)
  for (int64_t l = lo, r = hi; l < r; l /= 2, r /= 2) {
    if (l & 1) {
      maxOf[l] += bytes;
      if (l < leaves)
        pending[l] += bytes;
      ++l;
    }
    if (r & 1) {
      --r;
      maxOf[r] += bytes;
      if (r < leaves)
        pending[r] += bytes;
    }
  }
  pull(lo, hi - 1);
}

void LiveProfile::pull(int64_t lo, int64_t hi) {
  // Both leaves' ancestors, level by level, until the paths meet; then one
  // path to the root. Covering nodes lie at or below the meeting point, so
  // above it a node whose maximum is unchanged leaves its ancestors as they
  // are.
  bool aboveMeeting = false;
  for (lo /= 2, hi /= 2; lo >= 1; lo /= 2, hi /= 2) {
    int64_t was = maxOf[lo];
    maxOf[lo] = pending[lo] + std::max(maxOf[2 * lo], maxOf[2 * lo + 1]);
    if (hi != lo) {
      maxOf[hi] = pending[hi] + std::max(maxOf[2 * hi], maxOf[2 * hi + 1]);
      continue;
    }
    if (aboveMeeting && maxOf[lo] == was)
      return;
    aboveMeeting = true;
  }
}

int64_t LiveProfile::at(int64_t point) const {
  if (point < 0 || point >= points)
    return 0;
  int64_t node = point + leaves, sum = maxOf[node];
  for (node /= 2; node >= 1; node /= 2)
    sum += pending[node];
  return sum;
}
