//===- PlanWorkspaces.cpp - Planned workspaces of runtime calls -----------===//
//
// echo-plan-workspaces (Passes.td): the empty workspace bufferization
// passes each `workspace` parameter becomes a buffer of the budget, placed
// before the call so the planner gives it the call's lifetime.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOPLANWORKSPACES
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

struct PlanWorkspacesPass
    : echo::impl::EchoPlanWorkspacesBase<PlanWorkspacesPass> {
  using EchoPlanWorkspacesBase::EchoPlanWorkspacesBase;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (budget < 0) {
      fn.emitError("echo-plan-workspaces: the workspace budget must be 0 "
                   "or more bytes, got ")
          << int64_t(budget);
      return signalPassFailure();
    }
    if (budget == 0)
      return;
    SmallVector<std::pair<func::CallOp, unsigned>> workspaces;
    fn.walk([&](func::CallOp call) {
      const RuntimeEntry *entry = lookupRuntimeEntry(call.getCallee());
      if (!entry)
        return;
      for (auto [i, param] : llvm::enumerate(entry->params))
        if (StringRef(param.name) == kWorkspaceParam &&
            i < call.getNumOperands() && isEmptyBuffer(call.getOperand(i)))
          workspaces.push_back({call, unsigned(i)});
    });
    for (auto [call, i] : workspaces) {
      OpBuilder b(call);
      Location loc = call.getLoc();
      auto alloc = memref::AllocOp::create(
          b, loc, MemRefType::get({int64_t(budget)}, b.getI8Type()));
      alloc.setAlignment(64);
      setBufferCategory(alloc, kCategoryWorkspace);
      alloc->setAttr(kAllocForAttr, b.getStringAttr(call.getCallee()));
      Value empty = call.getOperand(i);
      auto unranked = memref::CastOp::create(b, loc, empty.getType(), alloc);
      call->setOperand(i, unranked);
      eraseIfUnused(empty);
    }
  }

private:
  /// A cast of a buffer with no elements (bufferization's empty workspace).
  static bool isEmptyBuffer(Value value) {
    auto cast = value.getDefiningOp<memref::CastOp>();
    if (!cast)
      return false;
    auto type = dyn_cast<MemRefType>(cast.getSource().getType());
    return type && type.hasStaticShape() && type.getNumElements() == 0;
  }
  /// Erases the cast and the empty buffer once nothing uses them.
  static void eraseIfUnused(Value castResult) {
    auto cast = castResult.getDefiningOp<memref::CastOp>();
    if (!cast || !cast->use_empty())
      return;
    Operation *source = cast.getSource().getDefiningOp();
    cast.erase();
    if (source && source->use_empty() && isa<memref::AllocaOp>(source))
      source->erase();
  }
};

} // namespace
