//===- RematPhasesTest.cpp - echo-remat's decisions and their regions -----===//
//
// The units of lib/Transforms/RematDecision.h on hand-sized steps: the
// arbitration that reverts a path raising the peak, the guard, the chain
// links and region joins of the FLOPs phase, and region building.
//
//===----------------------------------------------------------------------===//

#include "ParsedStep.h"
#include "RematDecision.h"

#include "EchoDialect/Analysis/RematPartition.h"

#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
/// Three tanhs, each output stashed for its own tanh_grad; the backward
/// reads them last to first, so per-use regions re-run the chain.
constexpr const char *kChainStep = R"mlir(
func.func @chain(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %a1 = echo.tanh %x : tensor<1x4xf32>
  %s1 = echo.stash %a1 : tensor<1x4xf32>
  %a2 = echo.tanh %a1 : tensor<1x4xf32>
  %s2 = echo.stash %a2 : tensor<1x4xf32>
  %a3 = echo.tanh %a2 : tensor<1x4xf32>
  %s3 = echo.stash %a3 : tensor<1x4xf32>
  %seed = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<1x4xf32>
  %g3 = echo.tanh_grad %s3, %seed : tensor<1x4xf32>
  %g2 = echo.tanh_grad %s2, %g3 : tensor<1x4xf32>
  %g1 = echo.tanh_grad %s1, %g2 : tensor<1x4xf32>
  return %g1 : tensor<1x4xf32>
}
)mlir";

class RematPhasesTest : public ParsedStepTest {
protected:
  RematStep indexed(StringRef ir) {
    fn = parse(ir);
    EXPECT_TRUE(fn);
    return fn ? std::move(*RematStep::index(fn)) : RematStep();
  }

  /// A decision for `subgraph` recomputing `path` in per-use regions,
  /// applied to `model`, with Echo's estimates.
  RematDecision applied(const RematStashEstimate &estimate,
                        RematPeakModel &model, ArrayRef<Operation *> subgraph,
                        ArrayRef<Operation *> path) {
    RematDecision d;
    d.subgraph.assign(subgraph.begin(), subgraph.end());
    d.path.assign(path.begin(), path.end());
    RematStashEstimate::OpSet none, onPath(path.begin(), path.end());
    d.released = estimate.stashBytes(subgraph, none);
    d.allocated = estimate.stashBytes(subgraph, onPath);
    d.groups = model.groups(d.path, /*window=*/0);
    d.change = model.apply(d.groups);
    return d;
  }

  func::FuncOp fn;
  GistPlan plan;
};
} // namespace

TEST_F(RematPhasesTest, ArbitrationRevertsAPathThatRaisesThePeak) {
  // RematPeakModelTest: recomputing the second tanh raises the peak from
  // 32 to 44 bytes; so does recomputing both. No recomputation wins.
  RematStep step = indexed(kTanhStep);
  RematStashEstimate estimate(step, plan);
  RematPeakModel model(step, 1, plan);
  Operation *tanh0 = &step.block->front(), *tanh1 = tanh0->getNextNode();
  std::vector<RematDecision> ds;
  ds.push_back(applied(estimate, model, {tanh0, tanh1}, {tanh1}));
  EXPECT_EQ(model.peak(), 44);
  improveDecisions(estimate, model, ds);
  EXPECT_EQ(model.peak(), 32);
  EXPECT_TRUE(ds[0].path.empty());
  EXPECT_TRUE(ds[0].groups.empty());
  EXPECT_EQ(ds[0].revertedBy, 44 - 32);
  EXPECT_EQ(ds[0].allocated, ds[0].released);
}

TEST_F(RematPhasesTest, GuardRevertsEverythingAboveBaseline) {
  RematStep step = indexed(kTanhStep);
  RematStashEstimate estimate(step, plan);
  RematPeakModel model(step, 1, plan);
  Operation *tanh0 = &step.block->front(), *tanh1 = tanh0->getNextNode();
  std::vector<RematDecision> ds;
  ds.push_back(applied(estimate, model, {tanh0, tanh1}, {tanh1}));
  revertAboveBaseline(model, ds, /*basePeak=*/44);
  EXPECT_EQ(ds[0].groups.size(), 1u); // not above: kept
  revertAboveBaseline(model, ds, /*basePeak=*/32);
  EXPECT_EQ(model.peak(), 32);
  EXPECT_TRUE(ds[0].groups.empty());
  EXPECT_EQ(ds[0].revertedBy, 12);
}

TEST_F(RematPhasesTest, ChainLinksAndCheaperPlacements) {
  RematStep step = indexed(kChainStep);
  RematStashEstimate estimate(step, plan);
  RematPeakModel model(step, 1, plan);
  SmallVector<Operation *> tanhs(step.block->getOps<TanhOp>());
  ASSERT_EQ(tanhs.size(), 3u);
  std::vector<RematDecision> ds;
  ds.push_back(applied(estimate, model, tanhs, tanhs));
  // Per-use regions: tanh1..3, tanh1..2, tanh1: six clones of three ops.
  ASSERT_EQ(ds[0].groups.size(), 3u);
  int64_t tanhFlops = cast<CostOpInterface>(tanhs[0]).getFlops();
  EXPECT_EQ(RematPeakModel::flops(ds[0].groups), 6 * tanhFlops);
  // The second tanh follows a re-run link and is re-run itself: the link
  // to stash; the first starts the chain, the last is re-run once.
  EXPECT_EQ(chainLinks(ds[0]), SmallVector<Operation *>({tanhs[1]}));

  // With peak to spare and any exchange rate, the FLOPs phase takes a
  // placement that re-runs fewer ops, within the limit.
  int64_t limit = model.peak() + 64;
  mergeRegions(estimate, model, ds, limit, /*exchangeRate=*/0.0);
  EXPECT_LT(RematPeakModel::flops(ds[0].groups), 6 * tanhFlops);
  EXPECT_LE(model.peak(), limit);
  // Its groups are those in the model: taking them out leaves Baseline.
  RematPeakModel baseline(step, 1, plan);
  model.revert(ds[0].change);
  EXPECT_EQ(model.peak(), baseline.peak());
}

TEST_F(RematPhasesTest, MergeKeepsThePeakWithoutSlack) {
  RematStep step = indexed(kChainStep);
  RematStashEstimate estimate(step, plan);
  RematPeakModel model(step, 1, plan);
  SmallVector<Operation *> tanhs(step.block->getOps<TanhOp>());
  std::vector<RematDecision> ds;
  ds.push_back(applied(estimate, model, tanhs, tanhs));
  int64_t peak = model.peak();
  mergeRegions(estimate, model, ds, /*limit=*/peak, /*exchangeRate=*/0.0);
  EXPECT_LE(model.peak(), peak);
}

TEST_F(RematPhasesTest, MaterializeBuildsTheRegion) {
  // Figure 14: the tanh re-run from the argument before the weight
  // gradient that read its stash; the stash is gone.
  RematStep step = indexed(kFig14Step);
  RematStashEstimate estimate(step, plan);
  RematPeakModel model(step, 1, plan);
  Operation *tanh = &step.block->front();
  Value y = tanh->getResult(0);
  RematDecision d = applied(estimate, model, {tanh}, {tanh});
  materialize(step, d);
  EXPECT_EQ(d.regions, 1);
  EXPECT_EQ(d.clonedOps, 1);
  EXPECT_EQ(d.flops, cast<CostOpInterface>(tanh).getFlops());
  EXPECT_FALSE(step.stashOf.count(y));
  SmallVector<RecomputeOp> regions(step.block->getOps<RecomputeOp>());
  ASSERT_EQ(regions.size(), 1u);
  RecomputeOp region = regions.front();
  EXPECT_EQ(region->getOperand(0), fn.getArgument(0));
  Operation *reader = region->getNextNode();
  ASSERT_TRUE(isa<LinearGradWeightOp>(reader));
  EXPECT_EQ(reader->getOperand(1), region->getResult(0));
  EXPECT_TRUE(llvm::all_of(y.getUsers(), [](Operation *user) {
    return !isa<StashOp>(user);
  }));
  EXPECT_TRUE(succeeded(verify(fn)));
}
