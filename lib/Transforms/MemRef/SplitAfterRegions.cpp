//===- SplitAfterRegions.cpp - One block tail per scf op --------------------===//
//
// echo-split-after-regions (Passes.td): ends each block of a function body
// after every scf op, so that lowering scf to control flow moves no ops and
// takes time linear in the step's length.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOSPLITAFTERREGIONS
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

struct SplitAfterRegionsPass
    : echo::impl::EchoSplitAfterRegionsBase<SplitAfterRegionsPass> {
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    SmallVector<Block *> blocks;
    for (Block &block : fn.getBody())
      blocks.push_back(&block);
    for (Block *block : blocks) {
      // The scf ops that have more than the terminator behind them.
      SmallVector<Operation *> splitAfter;
      for (Operation &op : *block) {
        Operation *next = op.getNextNode();
        if (isa_and_nonnull<scf::SCFDialect>(op.getDialect()) && next &&
            !next->hasTrait<OpTrait::IsTerminator>())
          splitAfter.push_back(&op);
      }
      // Back to front: each split moves only the ops up to the previous
      // split's branch.
      for (Operation *op : llvm::reverse(splitAfter)) {
        Block *tail = block->splitBlock(op->getNextNode());
        OpBuilder b = OpBuilder::atBlockEnd(block);
        cf::BranchOp::create(b, op->getLoc(), tail);
      }
    }
  }
};

} // namespace
