//===- ArenaResults.cpp - Step results that live in the arena -------------===//
//
// echo-arena-results (Passes.td): the results of a public, straight-line
// step that replace no argument (the gradients and the loss) stop being
// results. Their buffers stay in the step, marked with the index of the
// result they hold (kArenaResultAttr), so that echo-buffer-assign places
// them in the arena from their first write to the end of the step, instead
// of the caller allocating them for the whole step.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOARENARESULTS
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// A buffer echo-buffer-assign can plan: static, of integers or floats,
/// identity layout, default memory space.
bool plannable(MemRefType type) {
  return type.hasStaticShape() && type.getElementType().isIntOrFloat() &&
         type.getLayout().isIdentity() && !type.getMemorySpace();
}

/// `stats` with `bytes` fewer persistent weight_gradients bytes.
DictionaryAttr withoutPersistent(DictionaryAttr stats, int64_t bytes,
                                 Builder &b) {
  NamedAttrList entries(stats);
  auto persistent = stats.getAs<DictionaryAttr>("persistent");
  if (!persistent)
    return stats;
  NamedAttrList categories(persistent);
  auto current =
      persistent.getAs<IntegerAttr>(kCategoryWeightGradients);
  int64_t left = (current ? current.getInt() : 0) - bytes;
  if (left > 0)
    categories.set(kCategoryWeightGradients, b.getI64IntegerAttr(left));
  else
    categories.erase(kCategoryWeightGradients);
  entries.set("persistent", categories.getDictionary(b.getContext()));
  return entries.getDictionary(b.getContext());
}

struct ArenaResultsPass
    : echo::impl::EchoArenaResultsBase<ArenaResultsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto fn : module.getOps<func::FuncOp>()) {
      // Only the steps a host calls: a caller inside the module would see
      // results disappear.
      if (fn.isExternal() || !fn.isPublic() || !fn.getBody().hasOneBlock() ||
          !SymbolTable::symbolKnownUseEmpty(fn, module))
        continue;
      auto ret = dyn_cast<func::ReturnOp>(fn.front().getTerminator());
      if (!ret)
        continue;
      OpBuilder b(ret);
      llvm::BitVector moved(fn.getNumResults());
      int64_t movedBytes = 0;
      for (unsigned i = 0, e = fn.getNumResults(); i < e; ++i) {
        auto type = dyn_cast<MemRefType>(fn.getResultTypes()[i]);
        if (!type || !plannable(type) || fn.getResultAttr(i, kUpdateOfAttr))
          continue;
        Value value = ret.getOperand(i);
        auto alloc = value.getDefiningOp<memref::AllocOp>();
        // A buffer of the step's own, returned once: it becomes the
        // result's place. Anything else (an argument, a view, a buffer
        // returned twice) is copied into one.
        bool own = alloc && alloc->getBlock() == &fn.front() &&
                   alloc.getType() == type &&
                   llvm::count(ret.getOperands(), value) == 1;
        if (!own) {
          alloc = memref::AllocOp::create(b, ret.getLoc(), type);
          memref::CopyOp::create(b, ret.getLoc(), value, alloc);
        }
        alloc->setAttr(kArenaResultAttr, b.getI64IntegerAttr(i));
        setBufferCategory(alloc, kCategoryWeightGradients);
        moved.set(i);
        movedBytes += getStorageBytes(type);
      }
      if (moved.none())
        continue;
      ret->eraseOperands(moved);
      if (failed(fn.eraseResults(moved))) {
        fn.emitOpError("echo-arena-results could not remove its results");
        return signalPassFailure();
      }
      // They are no longer persistent: the memory report counts them where
      // they live now, in the arena.
      if (auto stats = fn->getAttrOfType<DictionaryAttr>(kStepStatsAttr))
        fn->setAttr(kStepStatsAttr, withoutPersistent(stats, movedBytes, b));
    }
  }
};

} // namespace
