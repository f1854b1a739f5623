//===- RematMilpTest.cpp - The recomputation MILP against brute force -----===//
//
// On random small graphs (chains and branches, masks, encoded region
// inputs, in-place readers, fixed region uses, ops with several results)
// the MILP's optimum must be
// what enumerating every keep/recompute subset with evaluate() finds: the
// lowest peak, the fewest FLOPs at that peak, and the fewest FLOPs within a
// budget.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/RematMilp.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir::echo;

namespace {

constexpr int64_t kUnit = 256;

/// `tiePercent`: the chance that a node is a further result of the op
/// before it (same point, operands and group; sharing its decision).
RematGraph randomGraph(std::mt19937 &rng, int forward, int backward,
                       int tiePercent = 0) {
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  RematGraph graph;
  int ops = forward + backward;
  graph.base.resize(2 * ops + 1);
  for (int64_t &bytes : graph.base)
    bytes = kUnit * pick(0, 6);
  for (int i = 0; i < forward; ++i) {
    if (tiePercent && i > 0 && graph.nodes.back().group >= 0 &&
        pick(0, 99) < tiePercent) {
      const RematGraph::Node &prev = graph.nodes.back();
      RematGraph::Node node;
      node.def = node.forwardEnd = prev.def;
      node.bytes = kUnit * pick(1, 8);
      node.group = prev.group;
      node.sameOp = prev.sameOp >= 0 ? prev.sameOp : i - 1;
      node.operands = prev.operands;
      graph.nodes.push_back(node);
      continue;
    }
    RematGraph::Node node;
    node.def = 2 * i + 1;
    node.forwardEnd = node.def;
    node.bytes = kUnit * pick(1, 8);
    node.flops = pick(1, 100);
    node.group = pick(0, 5) == 0 ? -1 : pick(0, 1);
    // Operands among the last few nodes (chains with branches).
    int count = i == 0 ? 0 : pick(1, std::min(2, i));
    for (int k = 0; k < count; ++k) {
      int u = pick(std::max(0, i - 3), i - 1);
      bool dup = false;
      for (auto &o : node.operands)
        dup |= o.node == u;
      if (dup)
        continue;
      bool ow = pick(0, 3) == 0;
      node.operands.push_back({u, ow, ow});
      RematGraph::Node &producer = graph.nodes[u];
      producer.forwardEnd = std::max(producer.forwardEnd, node.def);
      if (ow)
        producer.overwrittenAt.push_back(node.def);
    }
    graph.nodes.push_back(node);
  }
  for (RematGraph::Node &node : graph.nodes) {
    // Backward readers (through the stash) for most of them.
    if (pick(0, 9) < 7) {
      int uses = pick(1, 2);
      for (int k = 0; k < uses; ++k)
        node.stashUses.push_back(2 * pick(forward, ops - 1) + 1);
      std::sort(node.stashUses.begin(), node.stashUses.end());
      node.stashUses.erase(
          std::unique(node.stashUses.begin(), node.stashUses.end()),
          node.stashUses.end());
      if (pick(0, 3) == 0)
        node.overwrittenAt.push_back(node.stashUses.back());
      if (pick(0, 4) == 0 && node.bytes > kUnit)
        node.maskBytes = kUnit;
    }
    if (pick(0, 5) == 0 && node.bytes > kUnit)
      node.regionBytes = kUnit;
    if (pick(0, 7) == 0)
      node.fixedRegionUses.push_back(2 * pick(forward, ops - 1));
  }
  return graph;
}

struct Best {
  int64_t peak = INT64_MAX, flopsAtPeak = INT64_MAX;
  int64_t flopsWithin = INT64_MAX; // under `budget`
};

Best bruteForce(const RematGraph &graph, int64_t budget) {
  // One decision per op: later results follow their first.
  std::vector<int> free;
  for (int v = 0; v < int(graph.nodes.size()); ++v)
    if (graph.recomputable(v) && graph.nodes[v].sameOp < 0)
      free.push_back(v);
  Best best;
  for (uint64_t mask = 0; mask < (uint64_t(1) << free.size()); ++mask) {
    std::vector<bool> recompute(graph.nodes.size(), false);
    for (size_t i = 0; i < free.size(); ++i)
      recompute[free[i]] = (mask >> i) & 1;
    RematOutcome o = evaluate(graph, recompute);
    if (o.peak < best.peak || (o.peak == best.peak && o.flops < best.flopsAtPeak)) {
      best.peak = o.peak;
      best.flopsAtPeak = o.flops;
    }
    if (o.peak <= budget)
      best.flopsWithin = std::min(best.flopsWithin, o.flops);
  }
  return best;
}

TEST(RematMilpTest, ChainRecomputesTheCheapLink) {
  // a -> b -> c, all read by one backward op at the end; b is large and
  // cheap to rebuild from a, so recomputing it frees it across point 7,
  // where something else is live.
  RematGraph graph;
  graph.base.assign(13, 0);
  graph.base[7] = 4096;
  auto node = [&](int64_t def, int64_t bytes, int group) {
    RematGraph::Node n;
    n.def = n.forwardEnd = def;
    n.bytes = bytes;
    n.flops = 10;
    n.group = group;
    return n;
  };
  graph.nodes.push_back(node(1, 256, -1));
  graph.nodes.push_back(node(3, 4096, 0));
  graph.nodes.push_back(node(5, 256, -1));
  graph.nodes[1].operands.push_back({0, false, false});
  graph.nodes[2].operands.push_back({1, false, false});
  graph.nodes[0].forwardEnd = 3;
  graph.nodes[1].forwardEnd = 5;
  for (auto &n : graph.nodes)
    n.stashUses = {11};
  std::vector<bool> none(3, false), b{false, true, false};
  EXPECT_EQ(evaluate(graph, none).peak, 256 + 4096 + 256 + 4096);
  // At the region (point 10) a and c are stashed, b is rebuilt.
  EXPECT_EQ(evaluate(graph, b).peak, 256 + 4096 + 256);
  EXPECT_EQ(evaluate(graph, b).flops, 10);
  RematMilpResult r = solveRematMilp(graph, {});
  EXPECT_EQ(r.status, RematMilpResult::Status::Optimal);
  EXPECT_EQ(r.outcome.peak, 256 + 4096 + 256);
  EXPECT_EQ(r.recompute, b);
  EXPECT_EQ(std::llround(r.objective), r.outcome.peak);
}

/// The MILP against brute force on `trials` random graphs: the lowest
/// peak, its objective, bound and FLOPs, and the fewest FLOPs in a budget.
/// Returns how many nodes shared an op's decision.
int expectMatchesBruteForce(std::mt19937 &rng, int trials, int tiePercent) {
  int proven = 0, tied = 0;
  for (int trial = 0; trial < trials; ++trial) {
    RematGraph graph =
        randomGraph(rng, 4 + trial % 6, 3 + trial % 4, tiePercent);
    Best best = bruteForce(graph, -1);
    RematMilpOptions options;
    // Far beyond what these graphs take (milliseconds), so a loaded machine
    // cannot cut the second phase short and change the answer.
    options.timeLimit = 60;
    RematMilpResult r = solveRematMilp(graph, options);
    SCOPED_TRACE("trial " + std::to_string(trial));
    EXPECT_EQ(r.status, RematMilpResult::Status::Optimal);
    if (r.status != RematMilpResult::Status::Optimal)
      continue;
    ++proven;
    EXPECT_EQ(r.outcome.peak, best.peak);
    // The program's objective is the peak evaluate() gives its decisions.
    EXPECT_EQ(int64_t(std::llround(r.objective)), r.outcome.peak);
    EXPECT_LE(r.peakBound, best.peak);
    EXPECT_EQ(r.outcome.flops, best.flopsAtPeak);
    // An op's results are decided together.
    for (size_t v = 0; v < graph.nodes.size(); ++v)
      if (graph.nodes[v].sameOp >= 0) {
        ++tied;
        EXPECT_EQ(r.recompute[v], r.recompute[graph.nodes[v].sameOp]);
      }

    // A budget between the optimum and Baseline: the fewest FLOPs.
    int64_t baseline = evaluate(graph, std::vector<bool>(graph.nodes.size())).peak;
    int64_t budget = best.peak + (baseline - best.peak) / 2;
    Best within = bruteForce(graph, budget);
    options.budget = budget;
    RematMilpResult b = solveRematMilp(graph, options);
    EXPECT_EQ(b.status, RematMilpResult::Status::Optimal);
    if (b.status != RematMilpResult::Status::Optimal)
      continue;
    EXPECT_LE(b.outcome.peak, budget);
    EXPECT_EQ(b.outcome.flops, within.flopsWithin);
  }
  EXPECT_EQ(proven, trials);
  return tied;
}

TEST(RematMilpTest, MatchesBruteForceOnRandomGraphs) {
  std::mt19937 rng(18);
  expectMatchesBruteForce(rng, 60, /*tiePercent=*/0);
}

TEST(RematMilpTest, MatchesBruteForceWithMultiResultOps) {
  std::mt19937 rng(181);
  EXPECT_GE(expectMatchesBruteForce(rng, 60, /*tiePercent=*/35), 30);
}

TEST(RematMilpTest, MultiResultOpIsReRunWhole) {
  // a -> op with results b, c; b's backward reader alone needs a region,
  // which re-runs the op whole: c is a temporary there and the FLOPs
  // count once.
  RematGraph graph;
  graph.base.assign(13, 0);
  graph.base[7] = 4096;
  RematGraph::Node a, b, c;
  a.def = 1;
  a.forwardEnd = 3;
  a.bytes = 256;
  a.stashUses = {11};
  b.def = c.def = b.forwardEnd = c.forwardEnd = 3;
  b.bytes = 2048;
  c.bytes = 1024;
  b.flops = 10;
  b.group = c.group = 0;
  c.sameOp = 1;
  b.operands = c.operands = {{0, false, false}};
  b.stashUses = {11};
  graph.nodes = {a, b, c};
  std::vector<bool> both{false, true, true}, first{false, true, false};
  // Recomputed: the region at point 10 holds b and c (its temporary).
  EXPECT_EQ(evaluate(graph, both).flops, 10);
  EXPECT_EQ(evaluate(graph, first).peak, evaluate(graph, both).peak);
  EXPECT_EQ(evaluate(graph, both).peak, 256 + 4096);
  RematMilpResult r = solveRematMilp(graph, {});
  EXPECT_EQ(r.status, RematMilpResult::Status::Optimal);
  EXPECT_EQ(r.recompute, both);
  EXPECT_EQ(r.outcome.peak, 256 + 4096);
}

TEST(RematMilpTest, MultiResultTemporariesLiveTogether) {
  // An op with results b1, b2 (read by nothing) and c (read by the
  // backward at 11): the region at point 10 re-runs it whole, and b1, b2
  // are allocated with c, so both are live at once there.
  RematGraph graph;
  graph.base.assign(13, 0);
  graph.base[10] = 1000;
  RematGraph::Node a, b1, b2, c;
  a.def = 1;
  a.forwardEnd = 3;
  a.bytes = 256;
  a.stashUses = {11};
  for (RematGraph::Node *n : {&b1, &b2, &c}) {
    n->def = n->forwardEnd = 3;
    n->group = 0;
    n->operands = {{0, false, false}};
  }
  b1.bytes = b2.bytes = 1024;
  c.bytes = 2048;
  b2.sameOp = c.sameOp = 1;
  c.stashUses = {11};
  graph.nodes = {a, b1, b2, c};
  std::vector<bool> all{false, true, true, true};
  // Point 10: a, the base, the temporaries b1 + b2, and c from the region.
  EXPECT_EQ(evaluate(graph, all).peak, 256 + 1000 + 2048 + 2048);
}

TEST(RematMilpTest, BudgetBelowTheOptimumIsInfeasible) {
  std::mt19937 rng(7);
  RematGraph graph = randomGraph(rng, 6, 4);
  Best best = bruteForce(graph, -1);
  RematMilpOptions options;
  options.budget = best.peak - 1;
  options.timeLimit = 60;
  RematMilpResult r = solveRematMilp(graph, options);
  EXPECT_EQ(r.status, RematMilpResult::Status::Infeasible);
  EXPECT_TRUE(r.recompute.empty());
}

/// Each solve runs in a child process: a crash, a hang (stopped at the
/// time limit) or a corrupted reply there is a status here, with no
/// decisions, and the next solve works.
TEST(RematMilpTest, SolverFailuresAreContained) {
  std::mt19937 rng(11);
  RematGraph graph = randomGraph(rng, 6, 4);
  struct Case {
    SolverFault fault;
    RematMilpResult::Status status;
    const char *failure;
  };
  for (Case c : {Case{SolverFault::Crash, RematMilpResult::Status::Failed,
                      "the solver process crashed (SIGSEGV)"},
                 Case{SolverFault::Hang, RematMilpResult::Status::Stopped,
                      "the time limit stopped the solver"},
                 Case{SolverFault::Garbage, RematMilpResult::Status::Failed,
                      "the solver process sent a malformed result"}}) {
    RematMilpOptions options;
    options.fault = c.fault;
    options.timeLimit = 0.5;
    RematMilpResult r = solveRematMilp(graph, options);
    EXPECT_EQ(r.status, c.status);
    EXPECT_EQ(r.failure.rfind(c.failure, 0), 0u) << r.failure;
    EXPECT_TRUE(r.recompute.empty());
  }
  Best best = bruteForce(graph, -1);
  RematMilpResult r = solveRematMilp(graph, {});
  EXPECT_EQ(r.status, RematMilpResult::Status::Optimal);
  EXPECT_EQ(r.outcome.peak, best.peak);
}

/// A problem solved before in the process returns the same result without
/// a solve; a problem that differs in one byte, another budget or a test
/// fault is solved anew.
TEST(RematMilpTest, RepeatedProblemsAreAnsweredFromTheCache) {
  std::mt19937 rng(2026);
  RematGraph graph = randomGraph(rng, 7, 5);
  RematMilpResult first = solveRematMilp(graph, {});
  ASSERT_EQ(first.status, RematMilpResult::Status::Optimal);
  EXPECT_FALSE(first.cached);
  RematMilpResult again = solveRematMilp(graph, {});
  EXPECT_TRUE(again.cached);
  EXPECT_EQ(again.status, first.status);
  EXPECT_EQ(again.recompute, first.recompute);
  EXPECT_EQ(again.outcome.peak, first.outcome.peak);
  EXPECT_EQ(again.outcome.flops, first.outcome.flops);
  EXPECT_EQ(again.objective, first.objective);
  EXPECT_EQ(again.peakBound, first.peakBound);

  RematGraph changed = graph;
  changed.nodes.front().bytes += 1;
  RematMilpResult other = solveRematMilp(changed, {});
  EXPECT_FALSE(other.cached);
  EXPECT_EQ(other.outcome.peak, bruteForce(changed, -1).peak);

  RematMilpOptions budget;
  budget.budget = first.outcome.peak;
  EXPECT_FALSE(solveRematMilp(graph, budget).cached);

  RematMilpOptions fault;
  fault.fault = SolverFault::Crash;
  fault.timeLimit = 5;
  RematMilpResult crashed = solveRematMilp(graph, fault);
  EXPECT_FALSE(crashed.cached);
  EXPECT_EQ(crashed.status, RematMilpResult::Status::Failed);
}

} // namespace
