//===- StashEncoderTest.cpp - Where encodings start, after IR changes -----===//
//
// lib/Transforms/StashEncoder.h answers by the block's order as it is when
// asked. gist-encode erases ops (a max-pool backward it replaces) and then
// creates others (encodes, decodes), which the allocator may place where
// an erased op was: an index taken at construction then gave a new forward
// op a stale backward position, and whether a map was encoded depended on
// the heap (two echo-budget-plan runs gave different candidates).
//
//===----------------------------------------------------------------------===//

#include "ParsedStep.h"
#include "StashEncoder.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
// %0 waits for the backward pass with no forward work after its last
// forward use (%2): nothing to gain from encoding it, until a forward op is
// added there.
constexpr const char *kStep = R"mlir(
func.func @step(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = echo.relu %arg0 : tensor<4xf32>
  %1 = echo.stash %0 : tensor<4xf32>
  %2 = echo.relu %0 : tensor<4xf32>
  %3 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<4xf32>
  %4 = echo.relu_grad %1, %3 : tensor<4xf32>
  %5 = echo.relu %4 : tensor<4xf32>
  return %4 : tensor<4xf32>
}
)mlir";

using StashEncoderTest = ParsedStepTest;
} // namespace

TEST_F(StashEncoderTest, AnswersByTheCurrentOrder) {
  func::FuncOp fn = parse(kStep);
  ASSERT_TRUE(fn);
  StashEncoder encoder(fn);
  StashOp stash = nth<StashOp>(fn, 0);
  Value v = stash.getInput();
  ReluOp lastUse = nth<ReluOp>(fn, 1), backward = nth<ReluOp>(fn, 2);
  EXPECT_EQ(encoder.lastForwardUse(v, stash), lastUse.getOperation());
  EXPECT_FALSE(encoder.waits(v, stash));

  // Erase a backward op, then add a forward op of the same kind (the same
  // allocation size, so typically the erased op's memory) after the last
  // use: now forward work follows it.
  backward.erase();
  OpBuilder b(fn.getContext());
  b.setInsertionPointAfter(lastUse);
  ReluOp::create(b, lastUse.getLoc(), lastUse.getResult());
  EXPECT_TRUE(encoder.waits(v, stash));
  // A forward reader added later in the block becomes the last use.
  b.setInsertionPoint(nth<FillOp>(fn, 0));
  auto later = ReluOp::create(b, lastUse.getLoc(), v);
  EXPECT_EQ(encoder.lastForwardUse(v, stash), later.getOperation());
  EXPECT_FALSE(encoder.waits(v, stash));
}
