//===- DevicePoolTest.cpp - The dynamic pool's placement core -------------===//
//
// Hand-computed placements of best-fit and GTBM, then random alloc/free
// sequences checked for the invariants every placement must keep.
//
//===----------------------------------------------------------------------===//

#include "DevicePool.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <map>
#include <random>
#include <vector>

using namespace echo_pool;

namespace {

constexpr int64_t kBig = int64_t(1) << 40;

TEST(PoolArena, BestFitTakesTheSmallestHoleAndCoalesces) {
  PoolArena arena(Fit::Best);
  EXPECT_EQ(arena.place(100), 0);
  EXPECT_EQ(arena.place(50), 100);
  EXPECT_EQ(arena.place(200), 150);
  EXPECT_EQ(arena.place(30), 350);
  EXPECT_EQ(arena.top(), 380);
  ASSERT_TRUE(arena.release(0));   // hole [0, 100)
  ASSERT_TRUE(arena.release(150)); // hole [150, 350)
  // 40 fits both holes; best-fit takes the 100-byte one.
  EXPECT_EQ(arena.place(40), 0);
  // 120 fits only the 200-byte hole.
  EXPECT_EQ(arena.place(120), 150);
  // Freeing 50 at 100 merges with [40, 100) and [..] into [40, 150).
  ASSERT_TRUE(arena.release(100));
  EXPECT_EQ(arena.holes().size(), 2u);
  EXPECT_EQ(arena.holes().at(40), 110);
  EXPECT_EQ(arena.holes().at(270), 80);
  // Freeing the top block retreats the top over the hole below it.
  ASSERT_TRUE(arena.release(350));
  EXPECT_EQ(arena.top(), 270);
  EXPECT_EQ(arena.holes().size(), 1u);
  EXPECT_FALSE(arena.release(350));
  EXPECT_FALSE(arena.release(41));
}

TEST(PoolArena, FirstFitTakesTheHoleNearestTheOrigin) {
  PoolArena arena(Fit::First);
  arena.place(200); // [0, 200)
  arena.place(10);  // [200, 210)
  arena.place(50);  // [210, 260)
  arena.place(10);  // [260, 270)
  arena.release(0);
  arena.release(210);
  EXPECT_EQ(arena.place(40), 0); // best-fit would take 210
}

// Dymem's Figure 7 pattern: a long-lived buffer between two short ones
// splits the free space under best-fit; GTBM puts it at the other end.
TEST(DevicePool, GtbmKeepsTheJoinOperandOutOfTheWay) {
  auto run = [](Policy policy) {
    DevicePool pool(policy, kBig, 1);
    auto a = pool.allocate(400, Mobility::Movable);
    auto t = pool.allocate(100, Mobility::Temporary); // waits for a join
    auto b = pool.allocate(400, Mobility::Movable);
    pool.release(*a);
    pool.release(*b);
    auto c = pool.allocate(800, Mobility::Movable);
    pool.release(*t);
    pool.release(*c);
    return pool.peakWithFragmentation();
  };
  // Best-fit: a [0,400) t [400,500) b [500,900); after the frees, two
  // 400-byte holes around t, and 800 goes above: 500 + 800.
  EXPECT_EQ(run(Policy::BestFit), 1300);
  // GTBM: t at the high end; a and b free into one 800-byte hole at the low
  // end, which c reuses: 800 + 100.
  EXPECT_EQ(run(Policy::Gtbm), 900);
}

TEST(DevicePool, GtbmPlacesByMobilityAndAligns) {
  DevicePool pool(Policy::Gtbm, 4096, 256);
  auto m = pool.allocate(10, Mobility::Movable);
  auto t = pool.allocate(300, Mobility::Temporary);
  auto r = pool.allocate(0, Mobility::Reclaimed);
  ASSERT_TRUE(m && t && r);
  EXPECT_EQ(m->region, Region::Low);
  EXPECT_EQ(m->offset, 0);
  EXPECT_EQ(m->bytes, 256);
  EXPECT_EQ(t->region, Region::High);
  EXPECT_EQ(t->offset, 0); // depth from the high end
  EXPECT_EQ(t->bytes, 512);
  EXPECT_EQ(r->region, Region::Incremental);
  EXPECT_EQ(r->bytes, 256);
  EXPECT_EQ(pool.mainFootprint(), 768);
  EXPECT_EQ(pool.incrementalFootprint(), 256);
  EXPECT_EQ(pool.peakWithFragmentation(), 1024);
  // The main space is full at 4096: 3328 more bytes fit, 3329 do not, and a
  // refused request changes nothing.
  EXPECT_FALSE(pool.allocate(3329, Mobility::Movable));
  EXPECT_EQ(pool.mainFootprint(), 768);
  EXPECT_TRUE(pool.allocate(3328, Mobility::Movable));
  EXPECT_FALSE(pool.resize(8192)); // blocks are live
}

TEST(DevicePool, BestFitIgnoresMobility) {
  DevicePool pool(Policy::BestFit, kBig, 1);
  auto t = pool.allocate(10, Mobility::Temporary);
  auto r = pool.allocate(10, Mobility::Reclaimed);
  EXPECT_EQ(t->region, Region::Low);
  EXPECT_EQ(r->region, Region::Low);
  EXPECT_EQ(r->offset, 10);
}

TEST(DevicePool, UnusableFreeSpaceCountsBlocksTooSmall) {
  DevicePool pool(Policy::BestFit, 1000, 1);
  auto a = pool.allocate(100, Mobility::Movable); // [0, 100)
  pool.allocate(100, Mobility::Movable);          // [100, 200)
  auto c = pool.allocate(300, Mobility::Movable); // [200, 500)
  pool.allocate(100, Mobility::Movable);          // [500, 600)
  pool.release(*a);
  pool.release(*c);
  // Free: 100 at 0, 300 at 200, 400 above 600: 800 bytes.
  EXPECT_DOUBLE_EQ(pool.unusableFree(50), 0.0);
  EXPECT_DOUBLE_EQ(pool.unusableFree(101), 100.0 / 800);
  EXPECT_DOUBLE_EQ(pool.unusableFree(350), 400.0 / 800);
  EXPECT_DOUBLE_EQ(pool.unusableFree(401), 1.0);
  DevicePool full(Policy::BestFit, 100, 1);
  full.allocate(100, Mobility::Movable);
  EXPECT_EQ(full.unusableFree(1), -1);
}

TEST(DevicePool, SizeFromProfileAddsASixteenthAligned) {
  DevicePool pool(Policy::Gtbm, kBig, 256);
  auto a = pool.allocate(4000, Mobility::Movable);  // 4096
  auto b = pool.allocate(1000, Mobility::Temporary); // 1024
  pool.release(*a);
  pool.release(*b);
  EXPECT_EQ(pool.peakMain(), 5120);
  EXPECT_EQ(pool.sizeFromProfile(), 5120 + 512); // 320 rounded up to 512
  EXPECT_TRUE(pool.resize(pool.sizeFromProfile()));
  EXPECT_EQ(pool.mainBytes(), 5632);
}

struct Live {
  Block block;
  int64_t requested;
};

/// Every live block lies inside its space, aligned, without overlapping
/// another in the same address space; the footprints and the live bytes
/// match the blocks.
void checkInvariants(const DevicePool &pool, const std::vector<Live> &live,
                     int64_t alignment) {
  std::map<int64_t, int64_t> mainSpace, incrementalSpace; // address -> end
  int64_t lowTop = 0, highTop = 0, incTop = 0, bytes = 0;
  for (const Live &l : live) {
    const Block &b = l.block;
    ASSERT_EQ(b.offset % alignment, 0);
    ASSERT_EQ(b.bytes % alignment, 0);
    ASSERT_GE(b.bytes, l.requested);
    bytes += b.bytes;
    int64_t address = b.offset;
    if (b.region == Region::High)
      address = pool.mainBytes() - b.offset - b.bytes;
    auto &space = b.region == Region::Incremental ? incrementalSpace : mainSpace;
    ASSERT_TRUE(space.emplace(address, address + b.bytes).second);
    (b.region == Region::Low    ? lowTop
     : b.region == Region::High ? highTop
                                : incTop) =
        std::max(b.region == Region::Low    ? lowTop
                 : b.region == Region::High ? highTop
                                            : incTop,
                 b.offset + b.bytes);
  }
  for (auto *space : {&mainSpace, &incrementalSpace}) {
    int64_t end = 0;
    for (auto [begin, stop] : *space) {
      ASSERT_GE(begin, end) << "blocks overlap";
      ASSERT_GE(begin, 0);
      end = stop;
    }
  }
  ASSERT_LE(lowTop + highTop, pool.mainBytes());
  ASSERT_EQ(pool.mainFootprint(), lowTop + highTop);
  ASSERT_EQ(pool.incrementalFootprint(), incTop);
  ASSERT_EQ(pool.liveBytes(), bytes);
  ASSERT_GE(pool.peakWithFragmentation(), pool.peakLive());
  ASSERT_GE(pool.peakMain() + pool.peakIncremental(),
            pool.mainFootprint() + pool.incrementalFootprint());
}

void randomRun(Policy policy, uint32_t seed, int64_t mainBytes) {
  std::mt19937 rng(seed);
  const int64_t alignment = 256;
  DevicePool pool(policy, mainBytes, alignment);
  std::vector<Live> live;
  int64_t refused = 0;
  for (int step = 0; step < 3000; ++step) {
    bool allocate = live.empty() || rng() % 100 < 55;
    if (allocate) {
      int64_t bytes = int64_t(1) << (rng() % 16);
      bytes += rng() % bytes;
      auto mobility = static_cast<Mobility>(rng() % 3);
      int64_t before = pool.mainFootprint();
      std::optional<Block> block = pool.allocate(bytes, mobility);
      if (!block) {
        ++refused;
        ASSERT_EQ(pool.mainFootprint(), before);
        continue;
      }
      live.push_back({*block, bytes});
    } else {
      size_t victim = rng() % live.size();
      ASSERT_TRUE(pool.release(live[victim].block));
      ASSERT_FALSE(pool.release(live[victim].block)) << "freed twice";
      live.erase(live.begin() + victim);
    }
    checkInvariants(pool, live, alignment);
    if (::testing::Test::HasFatalFailure())
      return;
  }
  for (const Live &l : live)
    ASSERT_TRUE(pool.release(l.block));
  EXPECT_EQ(pool.liveBytes(), 0);
  EXPECT_EQ(pool.mainFootprint(), 0);
  EXPECT_EQ(pool.incrementalFootprint(), 0);
  EXPECT_TRUE(pool.resize(pool.sizeFromProfile()));
  if (mainBytes == kBig)
    EXPECT_EQ(refused, 0);
}

TEST(DevicePool, RandomSequencesKeepInvariantsBestFit) {
  for (uint32_t seed = 1; seed <= 10; ++seed) {
    randomRun(Policy::BestFit, seed, kBig);
    randomRun(Policy::BestFit, seed, 1 << 20); // some requests refused
  }
}

TEST(DevicePool, RandomSequencesKeepInvariantsGtbm) {
  for (uint32_t seed = 1; seed <= 10; ++seed) {
    randomRun(Policy::Gtbm, seed, kBig);
    randomRun(Policy::Gtbm, seed, 1 << 20);
  }
}

// A profiled run sized the pool; replaying the same sequence in a main
// space of exactly the profiled peak places every block the same way.
TEST(DevicePool, ReplayFitsInTheProfiledSize) {
  for (Policy policy : {Policy::BestFit, Policy::Gtbm}) {
    std::mt19937 rng(42);
    std::vector<std::pair<int64_t, Mobility>> ops; // bytes; 0 = free oldest
    for (int i = 0; i < 2000; ++i)
      ops.push_back({rng() % 3 ? int64_t(1 + rng() % 100000) : 0,
                     static_cast<Mobility>(rng() % 3)});
    auto replay = [&](DevicePool &pool) {
      std::vector<Block> live, placed;
      for (auto [bytes, mobility] : ops) {
        if (bytes == 0) {
          if (!live.empty()) {
            pool.release(live.front());
            live.erase(live.begin());
          }
          continue;
        }
        auto block = pool.allocate(bytes, mobility);
        if (!block)
          return std::vector<Block>{};
        live.push_back(*block);
        placed.push_back(*block);
      }
      for (const Block &b : live)
        pool.release(b);
      return placed;
    };
    DevicePool profile(policy, kBig);
    std::vector<Block> first = replay(profile);
    ASSERT_FALSE(first.empty());
    DevicePool sized(policy, profile.peakMain());
    std::vector<Block> second = replay(sized);
    ASSERT_EQ(second.size(), first.size());
    for (size_t i = 0; i < first.size(); ++i)
      ASSERT_EQ(second[i].offset, first[i].offset);
    EXPECT_EQ(sized.peakWithFragmentation(), profile.peakWithFragmentation());
    // One byte less and some request does not fit.
    DevicePool tight(policy, profile.peakMain() - 1);
    EXPECT_TRUE(replay(tight).empty());
  }
}

} // namespace
