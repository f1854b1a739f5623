//===- OffloadPlannerTest.cpp - Offload decisions on hand-made steps ------===//
//
// A profile of 1 byte/s on the host link and durations in whole seconds
// make every timeline below exact and easy to follow by hand.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/OffloadPlanner.h"

#include <gtest/gtest.h>

using namespace mlir::echo;

namespace {

/// A chain of `n` compute tasks of 1 s each (task i waits for i - 1), the
/// backward pass from task `backward` on.
OffloadStep chain(unsigned n, unsigned backward) {
  OffloadStep step;
  for (unsigned i = 0; i < n; ++i) {
    StreamTask t{Stream::Compute, 1.0, {}};
    if (i > 0)
      t.waitsFor.push_back(i - 1);
    step.tasks.push_back(t);
  }
  step.backwardStart = backward;
  step.layerBoundary.assign(n, false);
  return step;
}

OffloadOptions options(OffloadPolicyKind policy, double slowdown) {
  OffloadOptions o;
  o.policy = policy;
  o.profile = DeviceProfile{"test", 0, 0, 1.0}; // copies: bytes seconds
  o.maxSlowdown = slowdown;
  return o;
}

OffloadPlan plan(const OffloadStep &step, const OffloadOptions &o) {
  OffloadPlan p;
  EXPECT_EQ(planOffloads(step, o, p), "");
  return p;
}

} // namespace

// 10 tasks, backward from 5. A 2-byte value produced by task 0, read by
// task 1 and by task 8. Greedy: offload after task 1, [1, 3] on the copy
// stream; the prefetch goes where the 2 s before task 8 hide it: before
// task 6, [6, 8]; task 8 starts at 8 as without offload.
TEST(OffloadPlanner, GreedyHidesBothCopies) {
  OffloadStep step = chain(10, 5);
  step.candidates.push_back({2, 0, 1, 8, false});
  OffloadPlan p = plan(step, options(OffloadPolicyKind::Greedy, 0));
  ASSERT_EQ(p.decisions.size(), 1u);
  EXPECT_EQ(p.decisions[0].offloadAfter, 1u);
  EXPECT_EQ(p.decisions[0].prefetchBefore, 6u);
  EXPECT_EQ(p.baseSeconds, 10);
  EXPECT_EQ(p.timeline.stepSeconds, 10);
  EXPECT_EQ(p.timeline.overlapped, 4);
  EXPECT_EQ(p.timeline.transferOnly, 0);
  EXPECT_EQ(p.offloadedBytes, 2);
}

// The same value at 4 bytes: the prefetch cannot start before the
// backward pass (task 5) and takes 4 s, so task 8 waits until 9: one
// second over 10 s. Within a 10% budget it is kept, within 5% it is not.
TEST(OffloadPlanner, BudgetRejectsACopyThatDelaysTheStep) {
  OffloadStep step = chain(10, 5);
  step.candidates.push_back({4, 0, 1, 8, false});
  OffloadPlan kept = plan(step, options(OffloadPolicyKind::Greedy, 0.10));
  ASSERT_EQ(kept.decisions.size(), 1u);
  EXPECT_EQ(kept.decisions[0].prefetchBefore, 5u);
  EXPECT_EQ(kept.timeline.stepSeconds, 11);
  EXPECT_EQ(kept.timeline.transferOnly, 1);
  OffloadPlan rejected = plan(step, options(OffloadPolicyKind::Greedy, 0.05));
  EXPECT_TRUE(rejected.decisions.empty());
  EXPECT_EQ(rejected.timeline.stepSeconds, 10);
}

// Dymem takes conv inputs only, and prefetches two conv layers (weight
// gradients at tasks 6 and 7) before the first use at 8: before task 6.
// The 1-byte non-conv stash is left on the device.
TEST(OffloadPlanner, DymemPrefetchesTwoConvLayersAhead) {
  OffloadStep step = chain(10, 5);
  step.layerBoundary[6] = step.layerBoundary[7] = true;
  step.candidates.push_back({1, 0, 1, 8, true});
  step.candidates.push_back({1, 2, 2, 9, false});
  OffloadPlan p = plan(step, options(OffloadPolicyKind::Dymem, 0));
  ASSERT_EQ(p.decisions.size(), 1u);
  EXPECT_EQ(p.decisions[0].candidate, 0u);
  EXPECT_EQ(p.decisions[0].prefetchBefore, 6u);
  // With one conv layer ahead: before task 7.
  OffloadOptions one = options(OffloadPolicyKind::Dymem, 0);
  one.layersAhead = 1;
  EXPECT_EQ(plan(step, one).decisions[0].prefetchBefore, 7u);
}

// Without conv layers before its use, Dymem's prefetch goes to the start
// of the backward pass.
TEST(OffloadPlanner, DymemFallsBackToTheBackwardStart) {
  OffloadStep step = chain(10, 5);
  step.candidates.push_back({1, 0, 0, 9, true});
  OffloadPlan p = plan(step, options(OffloadPolicyKind::Dymem, 0));
  ASSERT_EQ(p.decisions.size(), 1u);
  EXPECT_EQ(p.decisions[0].offloadAfter, 0u);
  EXPECT_EQ(p.decisions[0].prefetchBefore, 5u);
}

// The copy stream is shared: two 3-byte values both hidden alone, but the
// second prefetch queues behind the first. The tasks with the copies: the
// offloads right after their positions, the prefetches right before, and
// each first use waits for its prefetch.
TEST(OffloadPlanner, CopiesQueueOnOneStream) {
  OffloadStep step = chain(12, 6);
  step.candidates.push_back({3, 0, 0, 10, false});
  step.candidates.push_back({3, 1, 1, 11, false});
  OffloadOptions o = options(OffloadPolicyKind::Greedy, 0);
  OffloadPlan p = plan(step, o);
  // Largest first, ties in candidate order: value 0 prefetched before
  // task 7 ([7, 10]); value 1 would need [8, 11] but the stream is busy
  // until 10: it ends at 13 > 12, so it is dropped.
  ASSERT_EQ(p.decisions.size(), 1u);
  EXPECT_EQ(p.decisions[0].prefetchBefore, 7u);
  std::vector<int> original;
  std::vector<StreamTask> tasks = withCopies(step, p.decisions, o, &original);
  ASSERT_EQ(tasks.size(), 14u);
  EXPECT_EQ(original[1], -1);           // offload after task 0
  EXPECT_EQ(tasks[1].stream, Stream::Copy);
  EXPECT_EQ(tasks[1].waitsFor, std::vector<unsigned>{0});
  EXPECT_EQ(original[8], -1);           // prefetch before task 7
  EXPECT_EQ(tasks[8].waitsFor, std::vector<unsigned>{1});
  EXPECT_EQ(original[12], 10);          // the first use waits for it
  EXPECT_EQ(tasks[12].waitsFor, (std::vector<unsigned>{11, 8}));
}

TEST(OffloadPlanner, MalformedCandidatesAreReported) {
  OffloadStep step = chain(4, 2);
  step.candidates.push_back({1, 0, 3, 3, false}); // read forward after its use
  OffloadPlan p;
  EXPECT_NE(planOffloads(step, options(OffloadPolicyKind::Greedy, 0), p), "");
  OffloadStep bad = chain(4, 2);
  bad.layerBoundary.pop_back();
  EXPECT_NE(planOffloads(bad, options(OffloadPolicyKind::Greedy, 0), p), "");
}
