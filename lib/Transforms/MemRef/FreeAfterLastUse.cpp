//===- FreeAfterLastUse.cpp - Free each buffer right after its last use ---===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOFREEAFTERLASTUSE
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

/// The last op of `block` that uses `buffer` or a cast or view of it, the
/// deallocation `dealloc` left out; null when some user may alias it in a
/// way not followed here (a memref result of another kind of op).
Operation *lastUser(Block &block, Value buffer, Operation *dealloc,
                    bool &opaque) {
  Operation *last = nullptr;
  SmallVector<Value> worklist{buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (user == dealloc)
        continue;
      if (isa<memref::CastOp, ViewLikeOpInterface>(user)) {
        worklist.append(user->result_begin(), user->result_end());
      } else if (llvm::any_of(user->getResultTypes(), [](Type t) {
                   return isa<BaseMemRefType>(t);
                 })) {
        opaque = true;
        return nullptr;
      }
      Operation *ancestor = block.findAncestorOpInBlock(*user);
      if (!ancestor) {
        opaque = true;
        return nullptr;
      }
      if (!last || last->isBeforeInBlock(ancestor))
        last = ancestor;
    }
  }
  return last;
}

struct FreeAfterLastUsePass
    : echo::impl::EchoFreeAfterLastUseBase<FreeAfterLastUsePass> {
  void runOnOperation() override {
    SmallVector<memref::DeallocOp> deallocs;
    getOperation().walk([&](memref::DeallocOp d) { deallocs.push_back(d); });
    for (memref::DeallocOp dealloc : deallocs) {
      auto alloc = dealloc.getMemref().getDefiningOp<memref::AllocOp>();
      Block *block = dealloc->getBlock();
      if (!alloc || alloc->getBlock() != block)
        continue;
      bool opaque = false;
      Operation *last = lastUser(*block, alloc.getResult(), dealloc, opaque);
      if (opaque)
        continue;
      // Only ever earlier: a dealloc already before the last use would be a
      // use after free, which is not this pass's to change.
      Operation *after = last ? last : alloc.getOperation();
      if (after->isBeforeInBlock(dealloc))
        dealloc->moveAfter(after);
    }
  }
};

} // namespace
