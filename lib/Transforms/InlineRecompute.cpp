//===- InlineRecompute.cpp - Execute echo.recompute in place --------------===//

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOINLINERECOMPUTE
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {
struct InlineRecomputePass
    : echo::impl::EchoInlineRecomputeBase<InlineRecomputePass> {
  void runOnOperation() override {
    SmallVector<RecomputeOp> regions;
    getOperation().walk([&](RecomputeOp op) { regions.push_back(op); });
    // Walk order is pre-order; inline innermost first so nested regions are
    // already flat when their parent is cloned.
    for (RecomputeOp op : llvm::reverse(regions)) {
      OpBuilder builder(op);
      IRMapping mapping;
      Block &body = op.getBody().front();
      mapping.map(body.getArguments(), op.getInputs());
      for (Operation &inner : body.without_terminator())
        builder.clone(inner, mapping);
      auto yield = cast<YieldOp>(body.getTerminator());
      for (auto [result, yielded] : llvm::zip(op.getResults(), yield.getValues()))
        result.replaceAllUsesWith(mapping.lookupOrDefault(yielded));
      op.erase();
    }
  }
};
} // namespace
