//===- LowerAllReduce.cpp - gpu.all_reduce to shuffles -------------------===//
//
// echo-lower-all-reduce: upstream's all-reduce rewrite on the kernels of a
// gpu.module (no upstream pass registers it). See MemRefPasses.td.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOLOWERALLREDUCE
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

struct LowerAllReducePass
    : echo::impl::EchoLowerAllReduceBase<LowerAllReducePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGpuAllReducePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    bool left = false;
    getOperation().walk([&](gpu::AllReduceOp op) {
      op.emitError("gpu.all_reduce was not lowered");
      left = true;
    });
    if (left)
      signalPassFailure();
  }
};

} // namespace
