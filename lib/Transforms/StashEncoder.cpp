//===- StashEncoder.cpp - Replacing stashes by encoded forms ---------------===//

#include "StashEncoder.h"

#include "EchoDialect/IR/MemoryCategories.h"

using namespace mlir;
using namespace mlir::echo;

StashEncoder::StashEncoder(func::FuncOp fn) : block(&fn.front()) {
  for (Operation &op : *block)
    if (op.hasAttr(kLossSeedAttr)) {
      seed = &op;
      break;
    }
}

Operation *StashEncoder::lastForwardUse(Value v, StashOp stash) const {
  // By the block's own order, never by an index taken at construction:
  // the passes erase ops and create others, which may reuse their memory.
  Operation *def = v.getDefiningOp();
  Operation *last = def && def->getBlock() == block ? def : nullptr;
  for (Operation *user : v.getUsers())
    if (user != stash && !isa<EncodeOp>(user) && user->getBlock() == block &&
        (!last || last->isBeforeInBlock(user)))
      last = user;
  return last;
}

bool StashEncoder::waits(Value v, StashOp stash) const {
  Operation *last = lastForwardUse(v, stash);
  for (Operation *op = last ? last->getNextNode() : &block->front();
       op && op != seed; op = op->getNextNode())
    if (!isa<StashOp, EncodeOp>(op) && op->getNumResults() > 0)
      return true;
  return false;
}

Value StashEncoder::encode(OpBuilder &b, Value v, StashOp stash,
                           EncodingAttr encoding) const {
  if (Operation *last = lastForwardUse(v, stash))
    b.setInsertionPointAfter(last);
  else
    b.setInsertionPointToStart(block);
  return EncodeOp::create(b, stash.getLoc(), v, encoding);
}

void StashEncoder::decodeFor(OpBuilder &b, ArrayRef<OpOperand *> uses,
                             Value encoded) const {
  Operation *first = uses.front()->getOwner();
  for (OpOperand *use : uses)
    if (use->getOwner()->isBeforeInBlock(first))
      first = use->getOwner();
  b.setInsertionPoint(first);
  Value decoded = DecodeOp::create(b, first->getLoc(), encoded);
  for (OpOperand *use : uses)
    use->set(decoded);
}

bool StashEncoder::encodeMasks(OpBuilder &b, StashOp stash,
                               const GistPlan &plan) const {
  Value v = stash.getInput();
  SmallVector<OpOperand *> relu, dropout;
  for (OpOperand &use : stash.getResult().getUses()) {
    std::optional<EncodingKind> kind = chooseStashEncoding(v, use, plan);
    if (kind == EncodingKind::Binarize)
      relu.push_back(&use);
    else if (kind == EncodingKind::Mask1)
      dropout.push_back(&use);
  }
  MLIRContext *ctx = stash.getContext();
  if (!relu.empty()) {
    // The ReLU backward reads the 1-bit map itself: no decoded copy.
    Value e = encode(b, v, stash, EncodingAttr::get(ctx, EncodingKind::Binarize));
    for (OpOperand *use : relu) {
      auto grad = cast<ReluGradOp>(use->getOwner());
      b.setInsertionPoint(grad);
      Value dx = ReluGradEncodedOp::create(b, grad.getLoc(), e, grad.getGrad());
      grad.getResult().replaceAllUsesWith(dx);
    }
    for (OpOperand *use : relu)
      use->getOwner()->erase();
  }
  if (!dropout.empty())
    decodeFor(b, dropout,
              encode(b, v, stash, EncodingAttr::get(ctx, EncodingKind::Mask1)));
  if (!stash.getResult().use_empty())
    return true;
  stash.erase();
  return false;
}

void StashEncoder::encodeMaskOnlyStashes(OpBuilder &b,
                                         const GistPlan &plan) const {
  // Values something else reads stay exact: keeping both forms costs more.
  SmallVector<StashOp> stashes(block->getOps<StashOp>());
  for (StashOp stash : stashes)
    if (!stash->use_empty() &&
        llvm::all_of(stash->getUses(),
                     [&](OpOperand &use) {
                       return isMaskEncoding(
                           chooseStashEncoding(stash.getInput(), use, plan));
                     }) &&
        waits(stash.getInput(), stash))
      encodeMasks(b, stash, plan);
}
