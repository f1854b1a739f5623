//===- LiveProfile.cpp - Live bytes over program points --------------------===//

#include "EchoDialect/Core/LiveProfile.h"

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

void LiveProfile::stepsOf(const Changes &changes, Steps &steps) const {
  // +bytes at each start, -bytes past each end, by point.
  steps.clear();
  steps.reserve(2 * changes.size());
  for (const auto &[start, end, bytes] : changes) {
    int64_t from = std::max<int64_t>(start, 0), to = std::min(end, points - 1);
    if (from > to || bytes == 0)
      continue;
    steps.push_back({from, bytes});
    steps.push_back({to + 1, -bytes});
  }
  std::sort(steps.begin(), steps.end(),
            [](const auto &a, const auto &b) { return a[0] < b[0]; });
}

int64_t LiveProfile::peakWith(const Changes &changes, const Steps *base) const {
  if (points == 0)
    return 0;
  stepsOf(changes, steps);
  if (base && !base->empty()) {
    merged.resize(steps.size() + base->size());
    std::merge(steps.begin(), steps.end(), base->begin(), base->end(),
               merged.begin(),
               [](const auto &a, const auto &b) { return a[0] < b[0]; });
    steps.swap(merged);
  }
  if (steps.empty())
    return peak();
  // The changes' sum as a step function: {first point, sum from there}.
  segments.assign(1, {0, 0});
  int64_t largest = 0;
  for (const auto &[point, bytes] : steps) {
    if (point != segments.back()[0]) {
      largest = std::max(largest, segments.back()[1]);
      segments.push_back({point, segments.back()[1]});
    }
    segments.back()[1] += bytes;
  }
  largest = std::max(largest, segments.back()[1]);
  Walk walk{segments.data(), segments.data() + segments.size(), largest,
            kNever};
  peakBelow(walk, 1, 0, leaves - 1, 0);
  return walk.best;
}

void LiveProfile::peakBelow(Walk &walk, int64_t node, int64_t lo, int64_t hi,
                            int64_t above) const {
  // No change in this node can lift it past the best total: skip it.
  int64_t top = above + maxOf[node];
  if (top + walk.largest <= walk.best)
    return;
  while (walk.segment + 1 != walk.end && (*(walk.segment + 1))[0] <= lo)
    ++walk.segment;
  if (walk.segment + 1 == walk.end || (*(walk.segment + 1))[0] > hi) {
    // One sum over the whole node (always so at a leaf).
    walk.best = std::max(walk.best, top + (*walk.segment)[1]);
    return;
  }
  int64_t mid = lo + (hi - lo) / 2;
  above += pending[node];
  peakBelow(walk, 2 * node, lo, mid, above);
  peakBelow(walk, 2 * node + 1, mid + 1, hi, above);
}

int64_t LiveProfile::at(int64_t point) const {
  if (point < 0 || point >= points)
    return 0;
  int64_t node = point + leaves, sum = maxOf[node];
  for (node /= 2; node >= 1; node /= 2)
    sum += pending[node];
  return sum;
}
