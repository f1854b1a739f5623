//===- LiveProfile.cpp - Live bytes over program points --------------------===//

#include "EchoDialect/Analysis/LiveProfile.h"

#include <algorithm>

using namespace mlir::echo;

LiveProfile::LiveProfile(int64_t points) : points(std::max<int64_t>(0, points)) {
  maxOf.assign(4 * std::max<int64_t>(1, this->points), 0);
  pending.assign(maxOf.size(), 0);
}

void LiveProfile::add(int64_t start, int64_t end, int64_t bytes) {
  start = std::max<int64_t>(start, 0);
  end = std::min(end, points - 1);
  if (start > end || bytes == 0)
    return;
  add(1, 0, points - 1, start, end, bytes);
}

void LiveProfile::add(int64_t node, int64_t lo, int64_t hi, int64_t start,
                      int64_t end, int64_t bytes) {
  if (start <= lo && hi <= end) {
    // The whole range moves together: record it here, children stay lazy.
    maxOf[node] += bytes;
    pending[node] += bytes;
    return;
  }
  int64_t mid = lo + (hi - lo) / 2;
  if (start <= mid)
    add(2 * node, lo, mid, start, end, bytes);
  if (end > mid)
    add(2 * node + 1, mid + 1, hi, start, end, bytes);
  maxOf[node] = pending[node] + std::max(maxOf[2 * node], maxOf[2 * node + 1]);
}

int64_t LiveProfile::at(int64_t point) const {
  if (point < 0 || point >= points)
    return 0;
  int64_t node = 1, lo = 0, hi = points - 1, sum = 0;
  while (lo < hi) {
    sum += pending[node];
    int64_t mid = lo + (hi - lo) / 2;
    if (point <= mid) {
      node = 2 * node;
      hi = mid;
    } else {
      node = 2 * node + 1;
      lo = mid + 1;
    }
  }
  return sum + maxOf[node];
}
