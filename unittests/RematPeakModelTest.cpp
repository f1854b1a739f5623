//===- RematPeakModelTest.cpp - Footprint of recomputation choices --------===//
//
// kTanhStep (ParsedStep.h) worked out by hand. Op i is program point 2i+1
// (stashes have no storage of their own). Live intervals, in bytes:
//   %0 tanh     16  [1, 2]   its last reader, the second tanh, writes over it
//   %1 tanh     16  [3, 17]  stashed for linear_grad_weight (point 17)
//   %3 logits   12  [7, 14]  stashed; cross_entropy_grad (15) writes over it
//   %6 seed      4  [13, 15]
//   %7 dlogits  12  [15, 17]
// (the loss and the weight gradient are returned: outside the arena).
// Baseline peak: 16 + 12 + 4 = 32 at point 13.
//
//===----------------------------------------------------------------------===//

#include "ParsedStep.h"

#include "EchoDialect/Analysis/RematPeakModel.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
class RematPeakModelTest : public ParsedStepTest {
protected:
  void SetUp() override {
    fn = parse(kTanhStep);
    ASSERT_TRUE(fn);
    step = std::move(*RematStep::index(fn));
    tanh0 = &fn.front().front();
    tanh1 = tanh0->getNextNode();
  }

  func::FuncOp fn;
  RematStep step;
  GistPlan plan;
  Operation *tanh0 = nullptr, *tanh1 = nullptr;
};
} // namespace

TEST_F(RematPeakModelTest, BaselinePeak) {
  RematPeakModel model(step, /*alignment=*/1, plan);
  EXPECT_EQ(model.points(), 2 * 10 + 1);
  EXPECT_EQ(model.peak(), 32);
  EXPECT_EQ(model.peakPoint(), 13);
  // Alignment rounds every value up: 16, 16, 16 (12), 16 (4), 16 (12).
  RematPeakModel aligned(step, /*alignment=*/16, plan);
  EXPECT_EQ(aligned.peak(), 48);
}

TEST_F(RematPeakModelTest, OneRegionBeforeTheReader) {
  RematPeakModel model(step, 1, plan);
  RematPeakModel::Groups groups = model.groups({tanh1}, /*window=*/0);
  ASSERT_EQ(groups.size(), 1u);
  // Right before linear_grad_weight (op 8, point 17).
  EXPECT_EQ(groups[0].at, 16);
  EXPECT_EQ(groups[0].yielded, SmallVector<Value>({tanh1->getResult(0)}));
  EXPECT_EQ(groups[0].body, SmallVector<Operation *>({tanh1}));
  EXPECT_EQ(groups[0].inputs, SmallVector<Value>({tanh0->getResult(0)}));
  EXPECT_EQ(RematPeakModel::flops(groups),
            cast<CostOpInterface>(tanh1).getFlops());
}

TEST_F(RematPeakModelTest, ApplyAndRevertRestoreThePeak) {
  RematPeakModel model(step, 1, plan);
  // Recomputing the second tanh keeps its input instead: %0 lives to the
  // region (15, the region writes over it), %1 to the linear (7) and
  // again from the region (16, 17). At point 7: 16 + 16 + 12 = 44.
  RematPeakModel::Change change = model.apply(model.groups({tanh1}, 0));
  EXPECT_EQ(model.peak(), 44);
  EXPECT_EQ(model.peakPoint(), 7);
  model.revert(change);
  EXPECT_EQ(model.peak(), 32);
  EXPECT_EQ(model.peakPoint(), 13);
  // Both tanhs from the argument: %1 [3, 7] and [16, 17], %0 only inside
  // the region (16 bytes there): 16 + 12 (%7) + 16 = 44 at point 16.
  change = model.apply(model.groups({tanh0, tanh1}, 0));
  EXPECT_EQ(model.peak(), 44);
  EXPECT_EQ(model.peakPoint(), 16);
  model.revert(change);
  EXPECT_EQ(model.peak(), 32);
}

// peakWith answers what apply would give, leaving the model as it was;
// while a change is suspended, groups and peakWith answer as if it were
// reverted and peak() as if it were not.
TEST_F(RematPeakModelTest, PeakWithAndSuspendAnswerAsApplyAndRevert) {
  RematPeakModel model(step, 1, plan);
  RematPeakModel::Groups one = model.groups({tanh1}, 0),
                         both = model.groups({tanh0, tanh1}, 0);
  EXPECT_EQ(model.peakWith(one), 44);
  EXPECT_EQ(model.peakWith(both), 44);
  EXPECT_EQ(model.peakWith({}), 32);
  EXPECT_EQ(model.peak(), 32);
  EXPECT_EQ(model.peakPoint(), 13);

  RematPeakModel::Change change = model.apply(one);
  model.suspend(change);
  EXPECT_EQ(model.peak(), 44);
  EXPECT_EQ(model.peakWith({}), 32);
  EXPECT_EQ(model.peakWith(model.groups({tanh0, tanh1}, 0)), 44);
  RematPeakModel::Groups again = model.groups({tanh1}, 0);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].at, one[0].at);
  EXPECT_EQ(model.peakWith(again), 44);
  model.resume(change);
  // Resumed: the stash readers are the region's again (no groups left),
  // and reverting gives Baseline back.
  EXPECT_TRUE(model.groups({tanh1}, 0).empty());
  EXPECT_EQ(model.peak(), 44);
  model.revert(change);
  EXPECT_EQ(model.peak(), 32);
  EXPECT_EQ(model.peakWith(one), 44);
}

TEST_F(RematPeakModelTest, StashesChargedEncodedAfterTheirLastForwardUse) {
  // The fp8 forms of %1 and of the logits (4 bytes each) from their last
  // forward readers on (points 7, 11): at 13, 4 + 4 + 4 (seed) = 12; the
  // peak is now at the linear, 16 + 4 + 12 = 32 at point 7.
  GistPlan fp8;
  fp8.dpr = DprFormat::Fp8;
  fp8.dprMinBytes = 0;
  RematPeakModel model(step, 1, fp8);
  EXPECT_EQ(model.peak(), 32);
  EXPECT_EQ(model.peakPoint(), 7);
}
