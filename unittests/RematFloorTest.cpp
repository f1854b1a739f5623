//===- RematFloorTest.cpp - Max flow and the recomputation floor ----------===//

#include "ParsedStep.h"

#include "EchoDialect/Core/MaxFlow.h"
#include "EchoDialect/Analysis/RematPeakModel.h"

using namespace mlir;
using namespace mlir::echo;

TEST(MaxFlowTest, TextbookNetwork) {
  // Cormen et al.'s example network: maximum flow 23.
  MaxFlow flow;
  int s = flow.addNode(), v1 = flow.addNode(), v2 = flow.addNode(),
      v3 = flow.addNode(), v4 = flow.addNode(), t = flow.addNode();
  flow.addEdge(s, v1, 16);
  flow.addEdge(s, v2, 13);
  flow.addEdge(v1, v3, 12);
  flow.addEdge(v2, v1, 4);
  flow.addEdge(v2, v4, 14);
  flow.addEdge(v3, v2, 9);
  flow.addEdge(v3, t, 20);
  flow.addEdge(v4, v3, 7);
  flow.addEdge(v4, t, 4);
  EXPECT_EQ(flow.run(s, t), 23);
}

TEST(MaxFlowTest, CutAtTheCheapestVertex) {
  // A chain source -> a -> b -> sink, infinite but for the vertex edges of
  // a (5) and b (3): the cut keeps b.
  MaxFlow flow;
  int s = flow.addNode(), t = flow.addNode();
  int aIn = flow.addNode(), aOut = flow.addNode();
  int bIn = flow.addNode(), bOut = flow.addNode();
  flow.addEdge(s, aIn, MaxFlow::kInfinite);
  flow.addEdge(aIn, aOut, 5);
  flow.addEdge(aOut, bIn, MaxFlow::kInfinite);
  flow.addEdge(bIn, bOut, 3);
  flow.addEdge(bOut, t, MaxFlow::kInfinite);
  EXPECT_EQ(flow.run(s, t), 3);
}

TEST(MaxFlowTest, NoPathNoFlow) {
  MaxFlow flow;
  int s = flow.addNode(), t = flow.addNode(), a = flow.addNode();
  flow.addEdge(s, a, 7);
  EXPECT_EQ(flow.run(s, t), 0);
}

TEST(MaxFlowTest, LongChainWithoutRecursion) {
  MaxFlow flow;
  int s = flow.addNode(), previous = s;
  for (int i = 0; i < 200000; ++i) {
    int next = flow.addNode();
    flow.addEdge(previous, next, 1000 - i % 7);
    previous = next;
  }
  EXPECT_EQ(flow.run(s, previous), 994);
}

namespace {
class RematFloorTest : public ParsedStepTest {};
} // namespace

TEST_F(RematFloorTest, FloorOfTheTanhStep) {
  func::FuncOp fn = parse(kTanhStep);
  ASSERT_TRUE(fn);
  RematStep step = std::move(*RematStep::index(fn));
  RematPeakModel model(step, 1, GistPlan());
  // At the peak (13, RematPeakModelTest): the seed is live there (4); the
  // logits (12, from a linear) and the second tanh's output (16) are read
  // later. The tanhs can be rebuilt from the argument: only the logits
  // must be kept. Without recomputation, both: the Baseline peak.
  auto light = [](Operation *op) { return isa<TanhOp>(op); };
  auto nothing = [](Operation *) { return false; };
  EXPECT_EQ(model.floorAt(13, light), 4 + 12);
  EXPECT_EQ(model.floorAt(13, nothing), 4 + 12 + 16);
  EXPECT_EQ(model.floorAt(13, nothing), model.peak());
}
