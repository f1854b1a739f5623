//===- LiveProfileTest.cpp - Live bytes over program points ---------------===//
//
// Exact sums on hand-made intervals, and a randomized comparison against a
// plain array on thousands of adds and removals.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/LiveProfile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace mlir::echo;

TEST(LiveProfile, EmptyIsZero) {
  LiveProfile p(0);
  EXPECT_EQ(p.peak(), 0);
  LiveProfile q(5);
  EXPECT_EQ(q.peak(), 0);
  EXPECT_EQ(q.at(3), 0);
}

TEST(LiveProfile, OverlapsAddUp) {
  LiveProfile p(10);
  p.add(0, 4, 100); // a
  p.add(3, 8, 50);  // b: overlaps a at 3..4
  p.add(9, 9, 120); // c: alone at the end
  EXPECT_EQ(p.at(2), 100);
  EXPECT_EQ(p.at(3), 150);
  EXPECT_EQ(p.at(5), 50);
  EXPECT_EQ(p.peak(), 150);
  p.add(3, 8, -50); // b removed
  EXPECT_EQ(p.peak(), 120);
  p.add(9, 9, -120);
  EXPECT_EQ(p.peak(), 100);
}

TEST(LiveProfile, ClampsAndIgnoresEmptyIntervals) {
  LiveProfile p(4);
  p.add(-5, 1, 7);
  p.add(2, 100, 3);
  p.add(3, 2, 1000); // empty
  EXPECT_EQ(p.at(0), 7);
  EXPECT_EQ(p.at(3), 3);
  EXPECT_EQ(p.peak(), 7);
}

TEST(LiveProfile, MatchesArrayOnRandomEdits) {
  std::mt19937_64 rng(42);
  const int64_t n = 257; // not a power of two on purpose
  LiveProfile p(n);
  std::vector<int64_t> ref(n, 0);
  struct Added { int64_t s, e, b; };
  std::vector<Added> added;
  for (int i = 0; i < 5000; ++i) {
    if (!added.empty() && rng() % 3 == 0) {
      size_t k = rng() % added.size();
      Added a = added[k];
      added.erase(added.begin() + k);
      p.add(a.s, a.e, -a.b);
      for (int64_t t = a.s; t <= a.e; ++t)
        ref[t] -= a.b;
    } else {
      int64_t s = rng() % n, e = s + rng() % (n - s);
      int64_t b = 1 + rng() % 1000;
      added.push_back({s, e, b});
      p.add(s, e, b);
      for (int64_t t = s; t <= e; ++t)
        ref[t] += b;
    }
    ASSERT_EQ(p.peak(), *std::max_element(ref.begin(), ref.end())) << i;
    int64_t probe = rng() % n;
    ASSERT_EQ(p.at(probe), ref[probe]) << i;
  }
}

// Intervals that are exactly one tree node (whole range, aligned halves
// and quarters) and single points, on sizes around powers of two: the
// cases where the covering nodes and their ancestors' maxima meet.
TEST(LiveProfile, MatchesArrayOnAlignedIntervals) {
  std::mt19937_64 rng(7);
  for (int64_t n : {1, 2, 3, 4, 5, 8, 16, 17, 63, 64, 65, 1000}) {
    LiveProfile p(n);
    std::vector<int64_t> ref(n, 0);
    for (int i = 0; i < 2000; ++i) {
      int64_t s, e;
      switch (rng() % 4) {
      case 0: // the whole range
        s = 0, e = n - 1;
        break;
      case 1: { // an aligned block of a power-of-two length
        int64_t len = int64_t(1) << (rng() % 8);
        s = (int64_t(rng() % n) / len) * len;
        e = std::min(n - 1, s + len - 1);
        break;
      }
      case 2: // one point
        s = e = rng() % n;
        break;
      default:
        s = rng() % n;
        e = s + rng() % (n - s);
      }
      // Mostly additions, some removals (live bytes may go negative here:
      // the tree must not care).
      int64_t b = int64_t(rng() % 1000) - 300;
      p.add(s, e, b);
      for (int64_t t = s; t <= e; ++t)
        ref[t] += b;
      ASSERT_EQ(p.peak(), *std::max_element(ref.begin(), ref.end()))
          << "n=" << n << " step " << i;
      int64_t probe = rng() % n;
      ASSERT_EQ(p.at(probe), ref[probe]) << "n=" << n << " step " << i;
    }
  }
}

// peakWith against adding the changes to a plain array: random profiles
// and random batches of changes (overlapping, clamped, empty, negative),
// given alone or split with a base, and the profile left as it was.
TEST(LiveProfile, PeakWithMatchesArray) {
  std::mt19937_64 rng(11);
  for (int64_t n : {1, 2, 3, 7, 8, 9, 64, 100, 257}) {
    LiveProfile p(n);
    std::vector<int64_t> ref(n, 0);
    for (int i = 0; i < 400; ++i) {
      int64_t s = rng() % n, e = s + rng() % (n - s);
      int64_t b = int64_t(rng() % 1000) - 200;
      p.add(s, e, b);
      for (int64_t t = s; t <= e; ++t)
        ref[t] += b;
      LiveProfile::Changes changes;
      std::vector<int64_t> with = ref;
      for (int k = rng() % 6; k > 0; --k) {
        int64_t cs = int64_t(rng() % (n + 4)) - 2;
        int64_t ce = cs + int64_t(rng() % (n + 2)) - 1; // may be empty
        int64_t cb = int64_t(rng() % 2000) - 1000;
        changes.push_back({cs, ce, cb});
        for (int64_t t = std::max<int64_t>(cs, 0); t <= std::min(ce, n - 1);
             ++t)
          with[t] += cb;
      }
      int64_t peakBefore = p.peak();
      int64_t expected = *std::max_element(with.begin(), with.end());
      ASSERT_EQ(p.peakWith(changes), expected) << "n=" << n << " step " << i;
      // The same changes split between the call and a base.
      size_t split = rng() % (changes.size() + 1);
      LiveProfile::Changes own(changes.begin(), changes.begin() + split),
          shared(changes.begin() + split, changes.end());
      LiveProfile::Steps base;
      p.stepsOf(shared, base);
      ASSERT_EQ(p.peakWith(own, &base), expected)
          << "n=" << n << " step " << i << " split " << split;
      ASSERT_EQ(p.peak(), peakBefore);
      int64_t probe = rng() % n;
      ASSERT_EQ(p.at(probe), ref[probe]);
    }
  }
}
