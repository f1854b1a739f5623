//===- DataParallel.cpp - One rank's step of data-parallel training -------===//
//
// Averages every weight gradient and the loss over the ranks with
// echo.all_reduce, right after each is defined (docs/distributed.md).
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/EchoAttrNames.h"
#include "EchoDialect/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHODATAPARALLEL
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

struct DataParallelPass
    : echo::impl::EchoDataParallelBase<DataParallelPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    if (ranks < 1) {
      fn.emitError("echo-data-parallel: ranks must be at least 1, got ")
          << static_cast<int64_t>(ranks);
      return signalPassFailure();
    }
    bool isStep = false;
    fn.walk([&](Operation *op) { isStep |= bool(op->getAttr(kLossSeedAttr)); });
    if (!isStep)
      return;

    // The values to average, in program order of their first appearance:
    // the updates' gradients, then what the step returns.
    llvm::SetVector<Value> averaged;
    fn.walk([&](Operation *op) {
      if (auto sgd = dyn_cast<SgdUpdateOp>(op))
        averaged.insert(sgd.getGrad());
      else if (auto adam = dyn_cast<AdamUpdateOp>(op))
        averaged.insert(adam.getGrad());
    });
    for (Block &block : fn.getBody()) {
      auto ret = dyn_cast<func::ReturnOp>(block.getTerminator());
      if (!ret)
        continue;
      for (auto [i, value] : llvm::enumerate(ret.getOperands()))
        if (!fn.getResultAttr(i, kUpdateOfAttr))
          averaged.insert(value);
    }

    for (Value value : averaged) {
      if (value.getDefiningOp<AllReduceOp>())
        continue;
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (!type || !type.getElementType().isF32()) {
        fn.emitError("echo-data-parallel: cannot average ")
            << value.getType() << " over the ranks (f32 tensors only)";
        return signalPassFailure();
      }
      OpBuilder b(&getContext());
      if (Operation *def = value.getDefiningOp())
        b.setInsertionPointAfter(def);
      else
        b.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
      auto mean = AllReduceOp::create(b, value.getLoc(), CollectiveKind::Mean,
                                      value, ranks);
      value.replaceAllUsesExcept(mean.getResult(), mean);
    }
  }
};

} // namespace
