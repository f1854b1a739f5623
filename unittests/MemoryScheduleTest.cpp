//===- MemoryScheduleTest.cpp - echo-schedule's core without IR -----------===//
//
// Exact orders and peaks on hand-made fork/join graphs, the in-place rule of
// the peak model, graph checking, and a randomized test: every order is a
// valid topological order, and without in-place pairs the model's peak is
// the planner's live-bytes bound (BufferPlanner.h) of the same lifetimes.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/BufferPlanner.h"
#include "EchoDialect/Core/MemorySchedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace mlir::echo;
using Order = std::vector<unsigned>;

namespace {

/// Appends a node defining one buffer of `bytes` that reads `reads`.
unsigned addNode(ScheduleGraph &g, int64_t bytes, std::vector<unsigned> reads) {
  unsigned b = g.bufferBytes.size();
  g.bufferBytes.push_back(bytes);
  ScheduleGraph::Node node;
  node.defines = {b};
  node.reads = std::move(reads);
  g.nodes.push_back(std::move(node));
  return b;
}

/// x -> {a1 -> a2, c1 -> c2} -> join, listed breadth-first: both large
/// branch temporaries (a1, c1) are live at once in the input order.
ScheduleGraph breadthFirstForkJoin() {
  ScheduleGraph g;
  unsigned x = addNode(g, 100, {});
  unsigned a1 = addNode(g, 1000, {x});
  unsigned c1 = addNode(g, 1000, {x});
  unsigned a2 = addNode(g, 10, {a1});
  unsigned c2 = addNode(g, 10, {c1});
  addNode(g, 10, {a2, c2});
  return g;
}

/// Live bytes of `order` computed the slow way, one buffer per request,
/// with the planner's bound (no in-place pairs).
int64_t plannerBound(const ScheduleGraph &g, const Order &order) {
  std::vector<int64_t> pos(g.nodes.size());
  for (size_t i = 0; i < order.size(); ++i)
    pos[order[i]] = i;
  std::vector<BufferRequest> requests(g.bufferBytes.size());
  for (unsigned n = 0; n < g.nodes.size(); ++n)
    for (unsigned b : g.nodes[n].defines) {
      requests[b].size = g.bufferBytes[b];
      requests[b].start = requests[b].end = pos[n];
    }
  for (unsigned n = 0; n < g.nodes.size(); ++n)
    for (unsigned b : g.nodes[n].reads)
      requests[b].end = std::max(requests[b].end, pos[n]);
  return liveBytesLowerBound(requests);
}

} // namespace

TEST(MemorySchedule, EmptyGraph) {
  ScheduleGraph g;
  EXPECT_EQ(verifyScheduleGraph(g), "");
  for (ScheduleKind kind :
       {ScheduleKind::Input, ScheduleKind::DepthFirst, ScheduleKind::List}) {
    Order order = orderOf(g, kind);
    EXPECT_TRUE(order.empty());
    EXPECT_EQ(modelPeak(g, order), 0);
  }
}

TEST(MemorySchedule, DepthFirstRunsEachBranchToTheJoin) {
  ScheduleGraph g = breadthFirstForkJoin();
  ASSERT_EQ(verifyScheduleGraph(g), "");
  // Input: x, a1, c1 live together at node 2: 100 + 1000 + 1000.
  EXPECT_EQ(modelPeak(g, inputOrder(g)), 2100);
  Order dfs = depthFirstOrder(g);
  EXPECT_EQ(dfs, (Order{0, 1, 3, 2, 4, 5}));
  // At c1 (position 3): x, a2, c1 = 100 + 10 + 1000.
  EXPECT_EQ(modelPeak(g, dfs), 1110);
}

TEST(MemorySchedule, DepthFirstReleasesAsSoonAsNothingDepends) {
  // x is read by the next layer y and by a small encoding e (Gist's encode
  // after the last forward use). Once y ran, e is x's last reader and frees
  // more than it allocates: it runs at once instead of after the whole
  // chain y -> z -> w (which would keep x live: peak 3000).
  ScheduleGraph g;
  unsigned x = addNode(g, 1000, {});
  unsigned y = addNode(g, 1000, {x});
  unsigned e = addNode(g, 10, {x});
  unsigned z = addNode(g, 1000, {y});
  unsigned w = addNode(g, 1000, {z});
  addNode(g, 1, {e, w});
  Order dfs = depthFirstOrder(g);
  EXPECT_EQ(dfs, (Order{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(modelPeak(g, dfs), 2010);
  EXPECT_EQ(modelPeak(g, {0, 1, 3, 4, 2, 5}), 3000);
}

TEST(MemorySchedule, ListSchedulerFinishesTheBranchThatFrees) {
  ScheduleGraph g = breadthFirstForkJoin();
  // After a1, running a2 frees a1 (-990) while c1 would add 900.
  Order list = memoryAwareOrder(g);
  EXPECT_EQ(list, (Order{0, 1, 3, 2, 4, 5}));
  EXPECT_EQ(modelPeak(g, list), 1110);
}

TEST(MemorySchedule, ListSchedulerDefersAnUnneededAllocation) {
  // A source `big` read only by the last node: the list scheduler runs it
  // as late as it can; input and depth-first order run it first.
  ScheduleGraph g;
  unsigned big = addNode(g, 5000, {});
  unsigned a = addNode(g, 100, {});
  unsigned b = addNode(g, 100, {a});
  unsigned c = addNode(g, 100, {b});
  addNode(g, 1, {c, big});
  EXPECT_EQ(modelPeak(g, inputOrder(g)), 5200);
  Order list = memoryAwareOrder(g);
  EXPECT_EQ(list, (Order{1, 2, 3, 0, 4}));
  // At node 0 (position 3): c and big; at the last node: c, big, result.
  EXPECT_EQ(modelPeak(g, list), 5101);
}

TEST(MemorySchedule, InPlaceChainSharesOneSlot) {
  ScheduleGraph g;
  unsigned x = addNode(g, 100, {});
  unsigned y = addNode(g, 100, {x});
  unsigned z = addNode(g, 100, {y});
  EXPECT_EQ(modelPeak(g, inputOrder(g)), 200);
  g.nodes[1].inPlace = {{x, y}};
  g.nodes[2].inPlace = {{y, z}};
  EXPECT_EQ(modelPeak(g, inputOrder(g)), 100);
  // A size mismatch forbids the handover, as in echo-buffer-assign.
  g.bufferBytes[z] = 60;
  EXPECT_EQ(modelPeak(g, inputOrder(g)), 160);
}

TEST(MemorySchedule, InPlaceNeedsTheReadBufferToDieThere) {
  // x is read again after y: y cannot take x's storage.
  ScheduleGraph g;
  unsigned x = addNode(g, 100, {});
  unsigned y = addNode(g, 100, {x});
  addNode(g, 1, {x, y});
  g.nodes[1].inPlace = {{x, y}};
  EXPECT_EQ(modelPeak(g, inputOrder(g)), 201);
}

TEST(MemorySchedule, PredsOrderSideEffects) {
  // Two independent nodes ordered by an explicit pred: every order keeps it.
  ScheduleGraph g;
  addNode(g, 1000, {});
  addNode(g, 1, {});
  g.nodes[0].preds = {1};
  for (ScheduleKind kind : {ScheduleKind::DepthFirst, ScheduleKind::List}) {
    Order order = orderOf(g, kind);
    EXPECT_EQ(order, (Order{1, 0})) << scheduleKindName(kind);
  }
  EXPECT_FALSE(isValidOrder(g, inputOrder(g))) << "built to violate it";
}

TEST(MemorySchedule, VerifyRejectsBadGraphs) {
  ScheduleGraph cycle;
  addNode(cycle, 1, {});
  addNode(cycle, 1, {0});
  cycle.nodes[0].preds = {1};
  EXPECT_EQ(verifyScheduleGraph(cycle), "the ordering constraints have a cycle");

  ScheduleGraph twice;
  addNode(twice, 1, {});
  addNode(twice, 1, {});
  twice.nodes[1].defines = {0};
  EXPECT_EQ(verifyScheduleGraph(twice), "buffer 0 defined twice");

  ScheduleGraph unknown;
  addNode(unknown, 1, {7});
  EXPECT_EQ(verifyScheduleGraph(unknown), "node 0 reads unknown buffer 7");

  ScheduleGraph self;
  addNode(self, 1, {});
  self.nodes[0].preds = {0};
  EXPECT_EQ(verifyScheduleGraph(self), "node 0 has invalid pred 0");
}

TEST(MemorySchedule, IsValidOrderChecksPermutations) {
  ScheduleGraph g = breadthFirstForkJoin();
  EXPECT_TRUE(isValidOrder(g, {0, 2, 1, 4, 3, 5}));
  EXPECT_FALSE(isValidOrder(g, {0, 1, 2, 3, 4}));    // too short
  EXPECT_FALSE(isValidOrder(g, {0, 1, 1, 3, 4, 5})); // repeat
  EXPECT_FALSE(isValidOrder(g, {1, 0, 2, 3, 4, 5})); // a1 before x
}

TEST(MemorySchedule, RandomGraphs) {
  std::mt19937 rng(20200623);
  for (int trial = 0; trial < 300; ++trial) {
    ScheduleGraph g;
    unsigned nodes = 1 + rng() % 40;
    bool withInPlace = trial % 2;
    for (unsigned n = 0; n < nodes; ++n) {
      ScheduleGraph::Node node;
      unsigned defines = rng() % 3;
      for (unsigned d = 0; d < defines; ++d) {
        node.defines.push_back(g.bufferBytes.size());
        g.bufferBytes.push_back(rng() % 4 == 0 ? 0 : 1 + rng() % 1000);
      }
      if (!g.bufferBytes.empty()) {
        unsigned reads = rng() % 4;
        for (unsigned r = 0; r < reads; ++r) {
          unsigned b = rng() % g.bufferBytes.size();
          if (std::find(node.defines.begin(), node.defines.end(), b) ==
              node.defines.end())
            node.reads.push_back(b);
        }
      }
      if (n > 0 && rng() % 5 == 0)
        node.preds.push_back(rng() % n);
      if (withInPlace && !node.reads.empty() && !node.defines.empty()) {
        unsigned a = node.reads[0], b = node.defines[0];
        g.bufferBytes[b] = g.bufferBytes[a];
        node.inPlace.push_back({a, b});
      }
      g.nodes.push_back(std::move(node));
    }
    ASSERT_EQ(verifyScheduleGraph(g), "") << "trial " << trial;
    for (ScheduleKind kind :
         {ScheduleKind::Input, ScheduleKind::DepthFirst, ScheduleKind::List}) {
      Order order = orderOf(g, kind);
      ASSERT_TRUE(isValidOrder(g, order))
          << "trial " << trial << " " << scheduleKindName(kind);
      EXPECT_EQ(orderOf(g, kind), order) << "deterministic";
      int64_t peak = modelPeak(g, order);
      int64_t bound = plannerBound(g, order);
      if (withInPlace)
        EXPECT_LE(peak, bound) << "handovers only remove bytes";
      else
        EXPECT_EQ(peak, bound) << "trial " << trial << " "
                               << scheduleKindName(kind);
    }
  }
}

TEST(MemorySchedule, ScalesToTrainingSteps) {
  // 20,000 nodes in 2,000 four-branch blocks (Inception-like): both
  // schedulers are fast and valid.
  ScheduleGraph g;
  unsigned x = addNode(g, 100, {});
  for (int block = 0; block < 2000; ++block) {
    std::vector<unsigned> ends;
    for (int branch = 0; branch < 4; ++branch) {
      unsigned a = addNode(g, 1000 + branch, {x});
      ends.push_back(addNode(g, 10, {a}));
    }
    x = addNode(g, 100, ends);
    addNode(g, 1, {x});
  }
  for (ScheduleKind kind : {ScheduleKind::DepthFirst, ScheduleKind::List}) {
    Order order = orderOf(g, kind);
    ASSERT_TRUE(isValidOrder(g, order));
    // One large temporary at a time: x, one branch's a, the ends so far.
    EXPECT_LE(modelPeak(g, order), 100 + 1003 + 40 + 100)
        << scheduleKindName(kind);
  }
}
