//===- RematPartitionTest.cpp - Echo's step index, partition, estimate ----===//
//
// Echo's Figures 7 and 14, whose estimates the paper works out: the
// subgraphs Algorithm 1 finds, the bytes the reuse-aware estimate charges,
// and the path forward trimming keeps.
//
//===----------------------------------------------------------------------===//

#include "ParsedStep.h"

#include "EchoDialect/Analysis/RematPartition.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
class RematPartitionTest : public ParsedStepTest {
protected:
  /// Parses and indexes `ir`; the step refers to the parsed module.
  RematStep indexed(StringRef ir) {
    func::FuncOp fn = parse(ir);
    EXPECT_TRUE(fn);
    std::optional<RematStep> step = fn ? RematStep::index(fn) : std::nullopt;
    EXPECT_TRUE(step.has_value());
    return step ? std::move(*step) : RematStep();
  }

  static SmallVector<StringRef> names(ArrayRef<Operation *> ops) {
    SmallVector<StringRef> result;
    for (Operation *op : ops)
      result.push_back(op->getName().getStringRef());
    return result;
  }

  GistPlan plan; // masks only, as echo-remat's default
  RematPartition partition{ArrayRef<std::string>()};
};
} // namespace

TEST_F(RematPartitionTest, IndexesForwardOpsAndStashes) {
  RematStep step = indexed(kFig14Step);
  ASSERT_TRUE(step.block);
  // tanh, two linears and the loss precede the seed; stashes are not ops
  // of the forward pass but the index of what they keep.
  EXPECT_EQ(step.forward.size(), 4u);
  EXPECT_EQ(step.stashOf.size(), 3u);
  Operation *tanh = &step.block->front();
  EXPECT_TRUE(step.isForward(tanh));
  EXPECT_EQ(step.stashOf.lookup(tanh->getResult(0)),
            cast<StashOp>(tanh->getNextNode()));
  EXPECT_EQ(step.position.lookup(tanh->getNextNode()), 1);
  EXPECT_FALSE(step.isForward(nullptr));
}

TEST_F(RematPartitionTest, NoSeedIsNoStep) {
  func::FuncOp fn = parse(R"mlir(
    func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = echo.tanh %x : tensor<4xf32>
      return %0 : tensor<4xf32>
    })mlir");
  ASSERT_TRUE(fn);
  EXPECT_FALSE(RematStep::index(fn).has_value());
}

TEST_F(RematPartitionTest, HeavyOpsBlockSubgraphs) {
  RematStep step = indexed(kFig7Step);
  std::vector<SmallVector<Operation *>> subgraphs = partition.subgraphs(step);
  // From the loss backwards: the loss alone (a linear blocks it), then add
  // and tanh between the linears, in program order.
  ASSERT_EQ(subgraphs.size(), 2u);
  EXPECT_EQ(names(subgraphs[0]), SmallVector<StringRef>({"echo.cross_entropy"}));
  EXPECT_EQ(names(subgraphs[1]),
            SmallVector<StringRef>({"echo.add", "echo.tanh"}));
  Operation *linear = &step.block->front();
  EXPECT_TRUE(partition.isHeavy(linear));
  EXPECT_FALSE(partition.isRecomputable(linear));
  EXPECT_TRUE(partition.isRecomputable(subgraphs[1].front()));
  // heavy-ops= adds names.
  RematPartition addIsHeavy(SmallVector<std::string>{"echo.add"});
  EXPECT_TRUE(addIsHeavy.isHeavy(subgraphs[1].front()));
  EXPECT_EQ(addIsHeavy.subgraphs(step).size(), 2u); // loss, tanh
}

TEST_F(RematPartitionTest, Figure7EstimateKeepsTheStash) {
  RematStep step = indexed(kFig7Step);
  RematStashEstimate estimate(step, plan);
  SmallVector<Operation *> subgraph = partition.subgraphs(step)[1];
  RematStashEstimate::OpSet none, all(subgraph.begin(), subgraph.end());
  // Without recomputation Z (64 bytes) stays; recomputing add and tanh
  // keeps X and Y (128 bytes). Trimming drops both ops.
  EXPECT_EQ(estimate.stashBytes(subgraph, none), 64);
  EXPECT_EQ(estimate.stashBytes(subgraph, all), 128);
  EXPECT_TRUE(trimPath(estimate, subgraph).empty());
  // X is read by add alone: charged in full.
  Value x = subgraph.front()->getOperand(0);
  EXPECT_EQ(estimate.chargeOf(x, all), 64);
}

TEST_F(RematPartitionTest, Figure14RecomputesFromAnArgument) {
  RematStep step = indexed(kFig14Step);
  RematStashEstimate estimate(step, plan);
  std::vector<SmallVector<Operation *>> subgraphs = partition.subgraphs(step);
  ASSERT_EQ(subgraphs.size(), 2u);
  SmallVector<Operation *> tanh = subgraphs[1];
  ASSERT_EQ(names(tanh), SmallVector<StringRef>({"echo.tanh"}));
  RematStashEstimate::OpSet none, all(tanh.begin(), tanh.end());
  // The tanh output (256 bytes) against nothing: its input is an argument.
  EXPECT_EQ(estimate.stashBytes(tanh, none), 256);
  EXPECT_EQ(estimate.stashBytes(tanh, all), 0);
  EXPECT_EQ(trimPath(estimate, tanh), tanh);
}

TEST_F(RematPartitionTest, SharedInputsAreChargedByUseCount) {
  // %a feeds two subgraphs (tanh, sigmoid), each blocked by a linear.
  RematStep step = indexed(R"mlir(
    func.func @shared(%x: tensor<1x4xf32>, %w: tensor<4x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
      %a = echo.linear %x, %w : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
      %t = echo.tanh %a : tensor<1x4xf32>
      %s = echo.sigmoid %a : tensor<1x4xf32>
      %seed = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
      return %t, %s : tensor<1x4xf32>, tensor<1x4xf32>
    })mlir");
  RematStashEstimate estimate(step, plan);
  Operation *linear = &step.block->front();
  Operation *tanh = linear->getNextNode();
  RematStashEstimate::OpSet tanhOnly{tanh};
  EXPECT_EQ(estimate.chargeOf(linear->getResult(0), tanhOnly), 8);
  EXPECT_EQ(estimate.chargeOf(tanh->getResult(0), tanhOnly), 16);
}
