//===- BufferPlannerTest.cpp - The planner core without IR ----------------===//
//
// Exact offsets on small hand-made request sets, the lower bound, the plan
// checker, a randomized property test and a training-step-shaped scale test.
// Only needs EchoCore (BufferPlanner.h has no MLIR dependency).
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/BufferPlanner.h"

#include "llvm/ADT/SmallVector.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace mlir::echo;
using Offsets = std::vector<int64_t>;

namespace {

BufferRequest req(int64_t size, int64_t start, int64_t end,
                  int64_t alignment = 1) {
  BufferRequest r;
  r.size = size;
  r.alignment = alignment;
  r.start = start;
  r.end = end;
  return r;
}

} // namespace

//===----------------------------------------------------------------------===//
// Exact offsets
//===----------------------------------------------------------------------===//

TEST(BufferPlanner, EmptyRequestSet) {
  BufferPlan plan = planBuffers({});
  EXPECT_TRUE(plan.offsets.empty());
  EXPECT_EQ(plan.arenaBytes, 0);
  EXPECT_EQ(liveBytesLowerBound({}), 0);
  EXPECT_EQ(verifyPlan({}, plan), "");
}

TEST(BufferPlanner, DisjointLifetimesShareOffsetZero) {
  // [0,2] and [3,5] never live together; [5,7] touches [3,5] at point 5
  // (inclusive ends) and must not share memory with it.
  std::vector<BufferRequest> rs = {req(100, 0, 2), req(100, 3, 5)};
  BufferPlan plan = planBuffers(rs);
  EXPECT_EQ(plan.offsets, (Offsets{0, 0}));
  EXPECT_EQ(plan.arenaBytes, 100);
  EXPECT_EQ(verifyPlan(rs, plan), "");

  rs.push_back(req(100, 5, 7));
  plan = planBuffers(rs);
  EXPECT_EQ(plan.offsets, (Offsets{0, 0, 100}));
  EXPECT_EQ(plan.arenaBytes, 200);
  EXPECT_EQ(verifyPlan(rs, plan), "");
}

TEST(BufferPlanner, OverlappingLifetimesStack) {
  std::vector<BufferRequest> rs = {req(100, 0, 5), req(50, 2, 3),
                                   req(30, 3, 9)};
  BufferPlan plan = planBuffers(rs);
  // By size: 100 at 0, 50 on top, 30 conflicts with both at point 3.
  EXPECT_EQ(plan.offsets, (Offsets{0, 100, 150}));
  EXPECT_EQ(plan.arenaBytes, 180);
  EXPECT_EQ(plan.strategy, "best-fit by size");
  EXPECT_EQ(liveBytesLowerBound(rs), 180);
  EXPECT_EQ(verifyPlan(rs, plan), "");
}

TEST(BufferPlanner, AlignmentRounding) {
  // Two 10-byte buffers with 64-byte alignment: the second starts at 64.
  std::vector<BufferRequest> rs = {req(10, 0, 5, 64), req(10, 0, 5, 64)};
  BufferPlan plan = planBuffers(rs);
  EXPECT_EQ(plan.offsets, (Offsets{0, 64}));
  // The arena is a whole number of alignment blocks, as aligned allocators
  // hand it out; the bound counts aligned sizes too.
  EXPECT_EQ(plan.arenaBytes, 128);
  EXPECT_EQ(liveBytesLowerBound(rs), 128);
  EXPECT_EQ(verifyPlan(rs, plan), "");

  // Stacked offsets round up to each buffer's alignment: 320 at 0, 100 at
  // 320, 24 at 424 (420 rounded to 8).
  rs = {req(100, 0, 5, 8), req(320, 0, 5, 256), req(24, 0, 5, 8)};
  plan = planBestFit(rs, PlacementOrder::LargestFirst);
  EXPECT_EQ(plan.offsets, (Offsets{320, 0, 424}));
  EXPECT_EQ(plan.arenaBytes, 512); // 448 rounded up to the largest alignment
  EXPECT_EQ(verifyPlan(rs, plan), "");
  rs = {req(100, 0, 5, 8), req(30, 0, 5, 256), req(24, 0, 5, 8)};
  plan = planBestFit(rs, PlacementOrder::LargestFirst);
  // 100 at 0; 30 (256-aligned) cannot use [100, ...) below 256 -> 256;
  // 24 fits in the gap [104, 256) at 104.
  EXPECT_EQ(plan.offsets, (Offsets{0, 256, 104}));
  EXPECT_EQ(plan.arenaBytes, 512); // 286 rounded up to the largest alignment
  EXPECT_EQ(verifyPlan(rs, plan), "");
}

TEST(BufferPlanner, BestFitChoosesTheSmallestGap) {
  // By size: a (300, early) at 0, b (200, long) at 300, c (160, early) at
  // 500, d (150, long) at 660. At points 5..9 only b and d are live, leaving
  // gaps [0, 300) and [500, 660). e (140) goes into the smaller one, at 500
  // (first fit would take 0).
  std::vector<BufferRequest> rs = {req(300, 0, 2), req(200, 0, 9),
                                   req(160, 0, 2), req(150, 0, 9),
                                   req(140, 5, 9)};
  BufferPlan bySize = planBestFit(rs, PlacementOrder::LargestFirst);
  EXPECT_EQ(bySize.offsets, (Offsets{0, 300, 500, 660, 500}));
  EXPECT_EQ(bySize.arenaBytes, 810);
  EXPECT_EQ(bySize.strategy, "best-fit by size");
  EXPECT_EQ(verifyPlan(rs, bySize), "");

  // By lifetime: b, d (length 9), e (4), a, c (2): b 0, d 200, e 350,
  // a 350 (conflicts with b and d, not e), c 650 (on top of a).
  BufferPlan byLifetime = planBestFit(rs, PlacementOrder::LongestFirst);
  EXPECT_EQ(byLifetime.offsets, (Offsets{350, 0, 650, 200, 350}));
  EXPECT_EQ(byLifetime.arenaBytes, 810);
  EXPECT_EQ(byLifetime.strategy, "best-fit by lifetime");
  EXPECT_EQ(verifyPlan(rs, byLifetime), "");

  // planBuffers keeps the smaller arena (a tie: the first order), which
  // here is optimal.
  BufferPlan best = planBuffers(rs);
  EXPECT_EQ(best.strategy, "best-fit by size");
  EXPECT_EQ(best.offsets, bySize.offsets);
  EXPECT_EQ(best.arenaBytes, 810);
  EXPECT_EQ(liveBytesLowerBound(rs), 810);
}

TEST(BufferPlanner, LongestFirstCanWin) {
  // a 50 [0,4], b 60 [0,1], c 80 [5,7], d 60 [2,6].
  std::vector<BufferRequest> rs = {req(50, 0, 4), req(60, 0, 1),
                                   req(80, 5, 7), req(60, 2, 6)};
  // By size: c 0, d 80 (on c), b 0 (conflicts with neither), then a
  // conflicts with b [0,60) and d [80,140): the 20-byte gap is too small,
  // so a goes on top at 140.
  BufferPlan bySize = planBestFit(rs, PlacementOrder::LargestFirst);
  EXPECT_EQ(bySize.offsets, (Offsets{140, 0, 0, 80}));
  EXPECT_EQ(bySize.arenaBytes, 190);
  // By lifetime: d 0, a 60 (on d), c 60 (conflicts with d only), b 0 (the
  // gap under a).
  BufferPlan byLifetime = planBestFit(rs, PlacementOrder::LongestFirst);
  EXPECT_EQ(byLifetime.offsets, (Offsets{60, 0, 60, 0}));
  EXPECT_EQ(byLifetime.arenaBytes, 140);
  BufferPlan best = planBuffers(rs);
  EXPECT_EQ(best.strategy, "best-fit by lifetime");
  EXPECT_EQ(best.offsets, byLifetime.offsets);
  EXPECT_EQ(best.arenaBytes, 140);
  EXPECT_EQ(liveBytesLowerBound(rs), 140); // c + d at points 5..6
  EXPECT_EQ(verifyPlan(rs, bySize), "");
  EXPECT_EQ(verifyPlan(rs, best), "");
}

TEST(BufferPlanner, TiesKeepTheBySizePlan) {
  // Both orders reach 160 bytes here; planBuffers keeps the first order.
  std::vector<BufferRequest> rs = {req(100, 0, 1), req(100, 4, 5),
                                   req(60, 0, 5), req(50, 2, 3),
                                   req(50, 2, 3)};
  BufferPlan bySize = planBestFit(rs, PlacementOrder::LargestFirst);
  BufferPlan byLifetime = planBestFit(rs, PlacementOrder::LongestFirst);
  // By size: 100s at 0, 60 at 100, 50s at 0 and 50 (gap [0,100) fits both).
  EXPECT_EQ(bySize.offsets, (Offsets{0, 0, 100, 0, 50}));
  EXPECT_EQ(bySize.arenaBytes, 160);
  // By lifetime: 60 at 0, 100s at 60, 50s at 60 and 110.
  EXPECT_EQ(byLifetime.offsets, (Offsets{60, 60, 0, 60, 110}));
  EXPECT_EQ(byLifetime.arenaBytes, 160);
  BufferPlan best = planBuffers(rs);
  EXPECT_EQ(best.strategy, "best-fit by size");
  EXPECT_EQ(best.offsets, bySize.offsets);
  EXPECT_EQ(best.arenaBytes, 160);
}

TEST(BufferPlanner, RepairMovesTheTopBufferAhead) {
  // The shape of a CNN's first layers in the backward pass: a long-lived
  // stash a, a stash e that dies at 5, g (the next gradient map, live with
  // e), h (a small gradient map live with g and i) and i (a large one).
  // Lower bound 700 (a + e + g at points 4..5).
  std::vector<BufferRequest> rs = {req(300, 0, 10), req(200, 0, 5),
                                   req(200, 4, 6), req(70, 6, 8),
                                   req(300, 7, 10)};
  EXPECT_EQ(liveBytesLowerBound(rs), 700);
  // Both greedy orders fix i at 300, right above a, before h is seen; g
  // sits on e at 500, so h (live with a, g and i) goes on top at 700.
  BufferPlan bySize = planBestFit(rs, PlacementOrder::LargestFirst);
  EXPECT_EQ(bySize.offsets, (Offsets{0, 300, 500, 700, 300}));
  EXPECT_EQ(bySize.arenaBytes, 770);
  BufferPlan byLifetime = planBestFit(rs, PlacementOrder::LongestFirst);
  EXPECT_EQ(byLifetime.offsets, (Offsets{0, 300, 500, 700, 300}));
  EXPECT_EQ(byLifetime.arenaBytes, 770);
  // Repair: moving h just before g does not help (g then lands at 670);
  // moving it before i places h at 300 and i on it at 370: the bound.
  BufferPlan best = planBuffers(rs);
  EXPECT_EQ(best.strategy, "best-fit by size + 1 move");
  EXPECT_EQ(best.offsets, (Offsets{0, 300, 500, 300, 370}));
  EXPECT_EQ(best.arenaBytes, 700);
  EXPECT_EQ(verifyPlan(rs, best), "");
}

TEST(BufferPlanner, ZeroSizeBuffers) {
  std::vector<BufferRequest> rs = {req(0, 0, 9, 64), req(100, 0, 9, 64),
                                   req(0, 3, 4, 64), req(28, 2, 6, 64)};
  BufferPlan plan = planBuffers(rs);
  EXPECT_EQ(verifyPlan(rs, plan), "");
  // Zero-size buffers take no room: the arena only holds 100 + 28 bytes.
  EXPECT_EQ(plan.offsets[1], 0);
  EXPECT_EQ(plan.offsets[3], 128);
  EXPECT_EQ(plan.arenaBytes, 192); // 156 rounded up to the alignment
  for (size_t i : {size_t(0), size_t(2)}) {
    EXPECT_EQ(plan.offsets[i] % 64, 0);
    EXPECT_LE(plan.offsets[i], plan.arenaBytes);
  }
  EXPECT_EQ(liveBytesLowerBound(rs), 192); // 128 + 64, aligned sizes

  // Only zero-size buffers: an empty arena.
  rs = {req(0, 0, 3), req(0, 1, 2, 256)};
  plan = planBuffers(rs);
  EXPECT_EQ(plan.offsets, (Offsets{0, 0}));
  EXPECT_EQ(plan.arenaBytes, 0);
  EXPECT_EQ(verifyPlan(rs, plan), "");
}

//===----------------------------------------------------------------------===//
// Lower bound
//===----------------------------------------------------------------------===//

TEST(BufferPlanner, LowerBound) {
  // Single buffer.
  EXPECT_EQ(liveBytesLowerBound({req(42, 3, 3)}), 42);
  // Ends are inclusive: [0,2] and [2,4] are live together at 2.
  EXPECT_EQ(liveBytesLowerBound({req(10, 0, 2), req(20, 2, 4)}), 30);
  // Adjacent intervals are not.
  EXPECT_EQ(liveBytesLowerBound({req(10, 0, 2), req(20, 3, 4)}), 20);
  // A chain: the peak is where three overlap (points 4..5).
  EXPECT_EQ(liveBytesLowerBound({req(8, 0, 5), req(16, 2, 9), req(32, 4, 7),
                                 req(24, 8, 9)}),
            8 + 16 + 32);
  // At point 9: 16 + 64 = 80 > 56.
  EXPECT_EQ(liveBytesLowerBound({req(8, 0, 5), req(16, 2, 9), req(32, 4, 7),
                                 req(64, 9, 9)}),
            80);
  // Aligned buffers cannot share an alignment block: sizes are rounded up.
  EXPECT_EQ(liveBytesLowerBound({req(1, 0, 0, 256), req(1, 0, 0, 256)}), 512);
}

//===----------------------------------------------------------------------===//
// verifyPlan
//===----------------------------------------------------------------------===//

TEST(BufferPlanner, VerifyPlanCatchesBadPlans) {
  std::vector<BufferRequest> rs = {req(100, 0, 5, 64), req(50, 3, 8, 64),
                                   req(70, 6, 9, 64)};
  BufferPlan good;
  good.offsets = {0, 128, 0};
  good.arenaBytes = 178;
  EXPECT_EQ(verifyPlan(rs, good), "");

  BufferPlan overlap = good;
  overlap.offsets = {0, 64, 0}; // 0 and 1 live together at 3..5
  overlap.arenaBytes = 128;
  std::string why = verifyPlan(rs, overlap);
  EXPECT_NE(why.find("overlap"), std::string::npos) << why;

  BufferPlan laterOverlap = good;
  laterOverlap.offsets = {0, 128, 128}; // 1 and 2 live together at 6..8
  laterOverlap.arenaBytes = 198;
  why = verifyPlan(rs, laterOverlap);
  EXPECT_NE(why.find("overlap"), std::string::npos) << why;

  BufferPlan misaligned = good;
  misaligned.offsets = {0, 100, 0};
  misaligned.arenaBytes = 150;
  why = verifyPlan(rs, misaligned);
  EXPECT_NE(why.find("misaligned"), std::string::npos) << why;

  BufferPlan tooSmall = good;
  tooSmall.arenaBytes = 177;
  why = verifyPlan(rs, tooSmall);
  EXPECT_NE(why.find("past the arena"), std::string::npos) << why;

  BufferPlan negative = good;
  negative.offsets = {-64, 128, 0};
  EXPECT_NE(verifyPlan(rs, negative), "");

  BufferPlan wrongCount = good;
  wrongCount.offsets.pop_back();
  why = verifyPlan(rs, wrongCount);
  EXPECT_NE(why.find("2 offsets for 3 buffers"), std::string::npos) << why;

  // Buffers that never live together may share memory; zero-size buffers
  // never overlap anything.
  BufferPlan sharing;
  sharing.offsets = {0, 128, 0};
  sharing.arenaBytes = 178;
  rs.push_back(req(0, 0, 9, 64));
  sharing.offsets.push_back(64);
  EXPECT_EQ(verifyPlan(rs, sharing), "");
}

//===----------------------------------------------------------------------===//
// Properties on random request sets
//===----------------------------------------------------------------------===//

TEST(BufferPlanner, RandomizedProperties) {
  std::mt19937_64 rng(20240601);
  auto uniform = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  const int64_t alignments[] = {1, 4, 8, 64, 256};
  for (int trial = 0; trial < 2000; ++trial) {
    int n = uniform(0, trial < 1000 ? 12 : 80);
    int64_t points = uniform(1, 3 * n + 1);
    bool sameAlignment = uniform(0, 1);
    int64_t commonAlignment = alignments[uniform(0, 4)];
    std::vector<BufferRequest> rs;
    for (int i = 0; i < n; ++i) {
      int64_t start = uniform(0, points - 1);
      int64_t end = std::min(points - 1, start + uniform(0, points / 2));
      int64_t size = uniform(0, 9) == 0 ? 0 : uniform(1, 4096);
      int64_t align = sameAlignment ? commonAlignment : alignments[uniform(0, 4)];
      rs.push_back(req(size, start, end, align));
    }
    SCOPED_TRACE("trial " + std::to_string(trial) + ", " + std::to_string(n) +
                 " buffers");
    BufferPlan bySize = planBestFit(rs, PlacementOrder::LargestFirst);
    BufferPlan byLifetime = planBestFit(rs, PlacementOrder::LongestFirst);
    BufferPlan best = planBuffers(rs);
    ASSERT_EQ(verifyPlan(rs, bySize), "");
    ASSERT_EQ(verifyPlan(rs, byLifetime), "");
    ASSERT_EQ(verifyPlan(rs, best), "");
    int64_t bound = liveBytesLowerBound(rs);
    EXPECT_GE(best.arenaBytes, bound);
    EXPECT_LE(best.arenaBytes, bySize.arenaBytes);
    EXPECT_LE(best.arenaBytes, byLifetime.arenaBytes);
    // The repair only runs above the bound and only keeps smaller plans.
    int64_t greedy = std::min(bySize.arenaBytes, byLifetime.arenaBytes);
    int64_t maxAlignment = 1;
    for (const BufferRequest &r : rs)
      maxAlignment = std::max(maxAlignment, r.alignment);
    if ((bound + maxAlignment - 1) / maxAlignment * maxAlignment >= greedy)
      EXPECT_EQ(best.arenaBytes, greedy);
    else
      EXPECT_LE(best.arenaBytes, greedy);
    // Never worse than giving every buffer its own slot, padded for its
    // alignment (plus the arena's rounding to the largest alignment).
    int64_t separate = 0, maxAlign = 1;
    for (const BufferRequest &r : rs) {
      separate += r.size + r.alignment - 1;
      maxAlign = std::max(maxAlign, r.alignment);
    }
    EXPECT_LE(best.arenaBytes, separate + maxAlign - 1);
    // The arena is tight: the last byte used, rounded up to the largest
    // alignment.
    int64_t top = 0;
    for (size_t i = 0; i < rs.size(); ++i)
      top = std::max(top, best.offsets[i] + rs[i].size);
    EXPECT_EQ(best.arenaBytes, (top + maxAlign - 1) / maxAlign * maxAlign);
    // Deterministic.
    BufferPlan again = planBuffers(rs);
    EXPECT_EQ(again.offsets, best.offsets);
    EXPECT_EQ(again.strategy, best.strategy);
  }
}

// Without a repair (some order at the bound), planBuffers is the smaller of
// the two greedy plans, the by-size one on a tie: the same offsets and name
// whether or not it stops after the first order. Alignments that are not
// powers of two (3, 12) leave the bound unproven, so both orders run there.
// The live-bytes bound is checked against a sum at every point.
TEST(BufferPlanner, PlanAtTheBoundIsTheSmallerOrder) {
  std::mt19937_64 rng(20261126);
  auto uniform = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  const int64_t alignments[] = {1, 4, 64, 256, 3, 12};
  int atBound = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    int n = uniform(1, trial < 1000 ? 10 : 60);
    int64_t points = uniform(1, 2 * n + 1);
    bool powersOfTwo = trial % 3 != 0;
    std::vector<BufferRequest> rs;
    for (int i = 0; i < n; ++i) {
      int64_t start = uniform(0, points - 1);
      int64_t end = std::min(points - 1, start + uniform(0, points / 2));
      // Few sizes, as in a training step: orders often reach the bound.
      int64_t size = uniform(0, 12) == 0 ? 0 : 64 << uniform(0, 3);
      rs.push_back(req(size, start, end,
                       alignments[uniform(0, powersOfTwo ? 3 : 5)]));
    }
    SCOPED_TRACE("trial " + std::to_string(trial) + ", " + std::to_string(n) +
                 " buffers");
    int64_t minAlign = INT64_MAX, maxAlign = 1;
    for (const BufferRequest &r : rs) {
      minAlign = std::min(minAlign, r.alignment);
      maxAlign = std::max(maxAlign, r.alignment);
    }
    int64_t bound = 0;
    for (int64_t p = 0; p < points; ++p) {
      int64_t live = 0;
      for (const BufferRequest &r : rs)
        if (r.start <= p && p <= r.end)
          live += (r.size + minAlign - 1) / minAlign * minAlign;
      bound = std::max(bound, live);
    }
    ASSERT_EQ(liveBytesLowerBound(rs), bound);
    BufferPlan bySize = planBestFit(rs, PlacementOrder::LargestFirst);
    BufferPlan byLifetime = planBestFit(rs, PlacementOrder::LongestFirst);
    const BufferPlan &smaller =
        byLifetime.arenaBytes < bySize.arenaBytes ? byLifetime : bySize;
    if (smaller.arenaBytes > (bound + maxAlign - 1) / maxAlign * maxAlign)
      continue; // repaired: covered by RandomizedProperties
    ++atBound;
    BufferPlan best = planBuffers(rs);
    ASSERT_EQ(best.offsets, smaller.offsets);
    ASSERT_EQ(best.strategy, smaller.strategy);
    ASSERT_EQ(best.arenaBytes, smaller.arenaBytes);
  }
  // Most sets reach the bound, so the comparison above is exercised.
  EXPECT_GT(atBound, 750);
}

//===----------------------------------------------------------------------===//
// The indexed planner against the quadratic scan it replaced
//===----------------------------------------------------------------------===//

namespace {

/// The planner's former inner loop, kept as an oracle: every placed buffer
/// is scanned in offset order for each placement (O(n^2)). Zero-size
/// buffers are left at offset 0 by both.
Offsets quadraticBestFit(const std::vector<BufferRequest> &rs,
                         PlacementOrder order) {
  std::vector<size_t> byOrder(rs.size());
  for (size_t i = 0; i < rs.size(); ++i)
    byOrder[i] = i;
  auto length = [&](size_t i) { return rs[i].end - rs[i].start; };
  std::stable_sort(byOrder.begin(), byOrder.end(), [&](size_t a, size_t b) {
    if (order == PlacementOrder::LargestFirst) {
      if (rs[a].size != rs[b].size)
        return rs[a].size > rs[b].size;
      return length(a) > length(b);
    }
    if (length(a) != length(b))
      return length(a) > length(b);
    return rs[a].size > rs[b].size;
  });
  struct Placed {
    int64_t begin, end, start, last;
  };
  std::vector<Placed> placed;
  Offsets offsets(rs.size(), 0);
  for (size_t i : byOrder) {
    const BufferRequest &r = rs[i];
    if (r.size == 0)
      continue;
    int64_t align = std::max<int64_t>(r.alignment, 1);
    auto up = [&](int64_t v) { return (v + align - 1) / align * align; };
    int64_t best = -1, bestGap = INT64_MAX, cursor = 0;
    for (const Placed &p : placed) {
      if (p.start > r.end || r.start > p.last)
        continue;
      int64_t candidate = up(cursor);
      if (p.begin >= candidate + r.size && p.begin - candidate < bestGap) {
        best = candidate;
        bestGap = p.begin - candidate;
      }
      cursor = std::max(cursor, p.end);
    }
    if (best < 0)
      best = up(cursor);
    offsets[i] = best;
    Placed entry{best, best + r.size, r.start, r.end};
    placed.insert(std::upper_bound(placed.begin(), placed.end(), entry,
                                   [](const Placed &a, const Placed &b) {
                                     return a.begin < b.begin;
                                   }),
                  entry);
  }
  return offsets;
}

} // namespace

TEST(BufferPlanner, IndexedPlacementMatchesTheQuadraticScan) {
  std::mt19937_64 rng(20261125);
  auto uniform = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  const int64_t alignments[] = {1, 4, 8, 64, 256};
  for (int trial = 0; trial < 400; ++trial) {
    // Small sets, then larger ones with long and short lifetimes mixed
    // (stash-like buffers across the step, temporaries of a few points).
    int n = uniform(0, trial < 300 ? 16 : 1200);
    int64_t points = uniform(1, 4 * n + 1);
    std::vector<BufferRequest> rs;
    for (int i = 0; i < n; ++i) {
      int64_t start = uniform(0, points - 1);
      int64_t span = uniform(0, 3) == 0 ? uniform(0, points) : uniform(0, 6);
      int64_t end = std::min(points - 1, start + span);
      int64_t size = uniform(0, 15) == 0 ? 0 : uniform(1, 1 << uniform(2, 14));
      rs.push_back(req(size, start, end, alignments[uniform(0, 4)]));
    }
    SCOPED_TRACE("trial " + std::to_string(trial) + ", " + std::to_string(n) +
                 " buffers");
    for (PlacementOrder order :
         {PlacementOrder::LargestFirst, PlacementOrder::LongestFirst}) {
      BufferPlan plan = planBestFit(rs, order);
      ASSERT_EQ(verifyPlan(rs, plan), "");
      ASSERT_EQ(plan.offsets, quadraticBestFit(rs, order));
    }
  }
}

//===----------------------------------------------------------------------===//
// Scale: a training step's shape
//===----------------------------------------------------------------------===//

// About 16,000 buffers shaped like an unrolled training step: F forward ops,
// each with a stash that lives from its forward op to the mirrored backward
// op (nested lifetimes), a short-lived forward temporary, and a short-lived
// backward gradient (16,200 requests). No timing: it checks the plan is valid
// and within 1% of the lower bound (it meets it) on a shape where the greedy
// should do well.
TEST(BufferPlanner, TrainingStepShapeAtScale) {
  const int64_t forward = 5400;
  const int64_t lastPoint = 2 * forward + 8;
  std::mt19937_64 rng(7);
  const int64_t sizes[] = {256, 1024, 4096, 16384, 65536};
  std::vector<BufferRequest> rs;
  for (int64_t i = 0; i < forward; ++i) {
    int64_t size = sizes[rng() % 5];
    int64_t backward = 2 * forward - i; // the mirrored backward op
    rs.push_back(req(size, i, backward, 256));                    // stash
    rs.push_back(req(sizes[rng() % 5], i, i + 2, 256));            // immediate
    rs.push_back(req(size, backward, std::min(backward + 3, lastPoint),
                     256)); // gradient map
  }
  ASSERT_GE(rs.size(), 16000u);
  BufferPlan plan = planBuffers(rs);
  ASSERT_EQ(verifyPlan(rs, plan), "");
  int64_t bound = liveBytesLowerBound(rs);
  EXPECT_GE(plan.arenaBytes, bound);
  EXPECT_LE(double(plan.arenaBytes), 1.01 * double(bound))
      << "arena " << plan.arenaBytes << ", lower bound " << bound << " ("
      << plan.strategy << ")";
}

//===----------------------------------------------------------------------===//
// Requests placed last (results kept in the arena)
//===----------------------------------------------------------------------===//

TEST(BufferPlanner, FlaggedRequestsFillGapsOfTheOthers) {
  // Two temporaries ([0,3] and [4,5]) and a result live [4,9] to the end:
  // the result shares the bytes of the temporary dead before its first
  // write, and the arena is the live-bytes bound.
  std::vector<BufferRequest> rs = {req(100, 0, 3), req(60, 4, 5),
                                   req(100, 4, 9)};
  std::vector<bool> flags = {false, false, true};
  llvm::SmallVector<bool> placedLast(flags.begin(), flags.end());
  BufferPlan plan = planBuffers(rs, placedLast);
  EXPECT_EQ(verifyPlan(rs, plan), "");
  EXPECT_EQ(plan.arenaBytes, 160);
  EXPECT_EQ(plan.arenaBytes, liveBytesLowerBound(rs));
}

TEST(BufferPlanner, FlaggedRequestsNeverCostMoreThanStackingThem) {
  // Never larger than the joint plan, nor than the others' own plan with
  // each flagged request stacked on top (what out-parameters cost).
  std::mt19937_64 gen(23);
  for (int trial = 0; trial < 200; ++trial) {
    int n = 1 + gen() % 24;
    std::vector<BufferRequest> rs, others;
    llvm::SmallVector<bool> placedLast;
    int64_t stacked = 0;
    for (int i = 0; i < n; ++i) {
      int64_t start = gen() % 40, size = 1 + gen() % 512;
      bool flagged = gen() % 4 == 0;
      int64_t end = flagged ? 40 : start + gen() % 10;
      rs.push_back(req(size, start, end, 64));
      placedLast.push_back(flagged);
      if (flagged)
        stacked += (size + 63) / 64 * 64;
      else
        others.push_back(rs.back());
    }
    BufferPlan plan = planBuffers(rs, placedLast);
    ASSERT_EQ(verifyPlan(rs, plan), "") << trial;
    EXPECT_LE(plan.arenaBytes, planBuffers(rs).arenaBytes) << trial;
    EXPECT_LE(plan.arenaBytes, planBuffers(others).arenaBytes + stacked)
        << trial;
  }
}

// planFitsWithin answers planBuffers(...).arenaBytes <= limit exactly, at
// limits around the plan's arena (where the early stop and the bound's
// shortcut decide) and far from it, with and without flagged requests and
// with unproven bounds (an alignment of 12).
TEST(BufferPlanner, FitsWithinIsThePlansArenaCompared) {
  std::mt19937_64 gen(37);
  const int64_t alignments[] = {1, 8, 12, 64};
  for (int trial = 0; trial < 600; ++trial) {
    int n = gen() % 40;
    std::vector<BufferRequest> rs;
    llvm::SmallVector<bool> placedLast;
    for (int i = 0; i < n; ++i) {
      int64_t start = gen() % 30;
      bool flagged = trial % 2 && gen() % 5 == 0;
      int64_t end = flagged ? 40 : start + gen() % 12;
      rs.push_back(req(gen() % 6 == 0 ? 0 : 1 + gen() % 2048, start, end,
                       alignments[trial % 3 == 0 ? gen() % 4 : 1]));
      placedLast.push_back(flagged);
    }
    int64_t arena = planBuffers(rs, placedLast).arenaBytes;
    int64_t bound = liveBytesLowerBound(rs);
    for (int64_t limit :
         {int64_t(-1), int64_t(0), bound - 1, bound, arena - 1, arena,
          arena + 1, 2 * arena + 1, int64_t(gen() % (2 * arena + 2))})
      EXPECT_EQ(planFitsWithin(rs, placedLast, limit), arena <= limit)
          << "trial " << trial << ", limit " << limit << ", arena " << arena;
  }
}
