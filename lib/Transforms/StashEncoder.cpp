//===- StashEncoder.cpp - Replacing stashes by encoded forms ---------------===//

#include "StashEncoder.h"

#include "EchoDialect/Analysis/MemoryCategories.h"
#include "EchoDialect/EncodingStorage.h"
#include "EchoDialect/SparseMaps.h"

using namespace mlir;
using namespace mlir::echo;

StashEncoder::StashEncoder(func::FuncOp fn) {
  int64_t index = 0;
  Operation *seed = nullptr;
  for (Operation &op : fn.front()) {
    position[&op] = index++;
    if (!seed && op.hasAttr(kLossSeedAttr))
      seed = &op;
  }
  forwardEnd = seed ? position[seed] : index;
}

Operation *StashEncoder::lastForwardUse(Value v, StashOp stash) const {
  Operation *last = v.getDefiningOp();
  for (Operation *user : v.getUsers())
    if (user != stash && !isa<EncodeOp>(user) &&
        position.lookup(user) > position.lookup(last))
      last = user;
  return last;
}

bool StashEncoder::waits(Value v, StashOp stash) const {
  Operation *last = lastForwardUse(v, stash);
  for (Operation *op = last->getNextNode();
       op && position.lookup(op) < forwardEnd; op = op->getNextNode())
    if (!isa<StashOp, EncodeOp>(op) && op->getNumResults() > 0)
      return true;
  return false;
}

Value StashEncoder::encode(OpBuilder &b, Value v, StashOp stash,
                           EncodingAttr encoding) const {
  b.setInsertionPointAfter(lastForwardUse(v, stash));
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

bool StashEncoder::needsOnlyMask(OpOperand &use) {
  // Already-encoded values (!echo.encoded) are not tensors: never masks.
  auto shaped = dyn_cast<ShapedType>(use.get().getType());
  if (!shaped)
    return false;
  Type element = shaped.getElementType();
  if (isa<ReluGradOp>(use.getOwner()))
    return use.getOperandNumber() == 0 && isa<FloatType>(element);
  if (isa<DropoutGradOp>(use.getOwner()))
    return use.getOperandNumber() == 0 && element.isInteger(1);
  return false;
}

bool StashEncoder::encodeMasks(OpBuilder &b, StashOp stash) const {
  Value v = stash.getInput();
  SmallVector<OpOperand *> relu, dropout;
  for (OpOperand &use : stash.getResult().getUses()) {
    if (!needsOnlyMask(use))
      continue;
    (isa<ReluGradOp>(use.getOwner()) ? relu : dropout).push_back(&use);
  }
  MLIRContext *ctx = stash.getContext();
  if (!relu.empty()) {
    // The ReLU backward reads the 1-bit map itself: no decoded copy.
    Value e = encode(b, v, stash, EncodingAttr::get(ctx, EncodingKind::Binarize));
    for (OpOperand *use : relu) {
      auto grad = cast<ReluGradOp>(use->getOwner());
      b.setInsertionPoint(grad);
      Value dx = ReluGradEncodedOp::create(b, grad.getLoc(), grad.getType(), e,
                                           grad.getGrad());
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

int64_t StashEncoder::encodedBytes(StashOp stash, const GistPlan &plan) {
  Value v = stash.getInput();
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type) // an already-encoded value keeps its own size
    return getStorageBytes(v.getType());
  int64_t n = type.getNumElements();
  bool f32 = type.getElementType().isF32();
  bool sparse = isSparseFeatureMap(v);
  // One encoded form per kind of reader, as gist-encode groups them.
  int64_t mask = 0, argmax = 0, csr = 0;
  bool other = false;
  for (OpOperand &use : stash.getResult().getUses()) {
    Operation *user = use.getOwner();
    if ((plan.masks || plan.lossless) && needsOnlyMask(use)) {
      mask = bitmaskBytes(n);
    } else if (auto pool = dyn_cast<MaxPool2DGradOp>(user);
               pool && plan.lossless && f32 && use.getOperandNumber() < 2) {
      // The argmax map replaces both the pool's input and output stashes;
      // it is charged to the input's.
      if (use.getOperandNumber() == 0) {
        int64_t bytes = poolArgmaxBytes(type.getShape(), pool.getKernel(),
                                        pool.getStride(), pool.getPadding());
        argmax = bytes >= 0 ? bytes : getStorageBytes(type);
      }
    } else if (isa<Conv2DGradWeightOp>(user) && plan.lossless && f32 &&
               sparse && use.getOperandNumber() == 0) {
      csr = csrBytes(n, 4, plan.csrDensity);
    } else {
      other = true;
    }
  }
  int64_t plain = getStorageBytes(type);
  if (other && f32 && plan.dpr != DprFormat::None && plain >= plan.dprMinBytes)
    plain = plan.dpr == DprFormat::Fp16 ? fp16Bytes(n)
            : plan.dpr == DprFormat::Fp10 ? fp10Bytes(n)
                                 : fp8Bytes(n);
  return mask + argmax + csr + (other ? plain : 0);
}

int64_t StashEncoder::regionInputBytes(Value v, const GistPlan &plan) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return getStorageBytes(v.getType());
  int64_t n = type.getNumElements(), plain = getStorageBytes(type);
  if (!type.getElementType().isF32())
    return plain;
  if (plan.lossless && isSparseFeatureMap(v))
    return std::min(plain, csrBytes(n, 4, plan.csrDensity));
  if (plan.dpr == DprFormat::None || plain < plan.dprMinBytes)
    return plain;
  return plan.dpr == DprFormat::Fp16 ? fp16Bytes(n)
         : plan.dpr == DprFormat::Fp10 ? fp10Bytes(n)
                              : fp8Bytes(n);
}
