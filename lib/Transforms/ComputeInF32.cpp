//===- ComputeInF32.cpp - 16-bit ops computed in f32 ----------------------===//
//
// "Compute in f32, store 16-bit": one rule for every op instead of 16-bit
// variants of each runtime entry. Each echo op with an f16/bf16 tensor
// operand or result is cloned with f32 tensors in their place, its 16-bit
// operands widened by echo.cast and its 16-bit results narrowed back, so
// the runtime sees f32 kernels plus the conversion entries. The exceptions
// are the products abi.def computes in 16-bit (hasNative16BitEntry): they
// are what tensor cores are for, and their f32 copies would be the step's
// largest temporaries.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Analysis/BufferViews.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOCOMPUTEINF32
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// The f32 tensor type standing for a 16-bit float tensor, or null.
RankedTensorType widened(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !(tensor.getElementType().isF16() ||
                   tensor.getElementType().isBF16()))
    return {};
  return tensor.clone(Float32Type::get(type.getContext()));
}

/// Ops that keep, move or convert values without computing on them: they
/// stay in their element type (their runtime entries copy bytes).
bool keepsElementType(Operation *op) {
  return isa<CastOp, StashOp, RecomputeOp, YieldOp, ConstantOp, EncodeOp,
             DecodeOp, OffloadOp, PrefetchOp>(op) ||
         bufferizesToView(op);
}

bool touches16Bit(Operation *op) {
  auto is16 = [](Type t) { return bool(widened(t)); };
  return llvm::any_of(op->getOperandTypes(), is16) ||
         llvm::any_of(op->getResultTypes(), is16);
}

/// An encoding of a 16-bit tensor (Gist's binarize of a 16-bit ReLU), other
/// than a precision reduction, is taken of the f32 value instead: the
/// kernels that read it (the ReLU backward from its bit map, a decode) work
/// on f32, and a bit map's bytes do not depend on the element type. An
/// offload and its prefetch pass the new type on; a decode gives the f32
/// tensor, cast back to 16-bit for its users.
LogicalResult widenEncode(EncodeOp op) {
  RankedTensorType type = widened(op.getInput().getType());
  // A precision reduction of a 16-bit tensor is read and written as it is.
  if (!type || isPrecisionReduction(op.getEncoding().getKind()))
    return success();
  // The users to retype, each after the value it reads.
  SmallVector<Operation *> users;
  SmallVector<Value> worklist{op.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<OffloadOp>(user))
        worklist.push_back(user->getResult(0));
      else if (isa<PrefetchOp>(user))
        worklist.push_back(user->getResult(0));
      else if (!isa<DecodeOp, ReluGradEncodedOp, MaxPool2DGradArgmaxOp>(user))
        return user->emitOpError("reads a 16-bit encoding: cannot be "
                                 "computed in f32");
      if (!llvm::is_contained(users, user))
        users.push_back(user);
    }
  }
  OpBuilder b(op);
  Value wide = CastOp::create(b, op.getLoc(), type, op.getInput());
  auto encode = EncodeOp::create(b, op.getLoc(), wide, op.getEncoding());
  encode->setAttrs(op->getAttrs());
  op.getResult().replaceAllUsesWith(encode.getResult());
  op.erase();
  for (Operation *user : users) {
    if (auto offload = dyn_cast<OffloadOp>(user)) {
      offload.getResult().setType(
          HostType::get(user->getContext(), offload.getInput().getType()));
    } else if (auto prefetch = dyn_cast<PrefetchOp>(user)) {
      prefetch.getResult().setType(
          cast<HostType>(prefetch.getInput().getType()).getDeviceType());
    } else if (auto decode = dyn_cast<DecodeOp>(user)) {
      Type narrow = decode.getResult().getType();
      decode.getResult().setType(
          cast<EncodedType>(decode.getInput().getType()).getTensorType());
      OpBuilder after(decode->getContext());
      after.setInsertionPointAfter(decode);
      auto back = CastOp::create(after, decode.getLoc(), narrow,
                                 decode.getResult());
      decode.getResult().replaceAllUsesExcept(back.getResult(), back);
    }
  }
  return success();
}

struct ComputeInF32Pass : echo::impl::EchoComputeInF32Base<ComputeInF32Pass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<EncodeOp> encodes;
    getOperation().walk([&](EncodeOp op) { encodes.push_back(op); });
    for (EncodeOp op : encodes)
      if (failed(widenEncode(op)))
        return signalPassFailure();
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<EchoDialect>(op->getDialect()) && !keepsElementType(op) &&
          touches16Bit(op) && !(nativeProducts && hasNative16BitEntry(op)))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      if (failed(widen(op)))
        return signalPassFailure();
  }

  LogicalResult widen(Operation *op) {
    if (op->getNumRegions() != 0)
      return op->emitOpError("has regions: cannot be computed in f32");
    OpBuilder b(op);
    Location loc = op->getLoc();
    Operation *wide = b.clone(*op);
    // The casts go right before `op`, after the clone: move it after them.
    for (OpOperand &operand : wide->getOpOperands())
      if (RankedTensorType type = widened(operand.get().getType()))
        operand.set(CastOp::create(b, loc, type, operand.get()));
    wide->moveBefore(op);
    b.setInsertionPointAfter(wide);
    // echo-annotate-memory's categories (when it ran): each 16-bit result's
    // goes to the cast that stores it; the f32 result before it is a
    // temporary, never stashed.
    auto categories = op->getAttrOfType<ArrayAttr>(kCategoryAttr);
    SmallVector<Attribute> wideCategories;
    if (categories)
      wideCategories.assign(categories.begin(), categories.end());
    for (auto [i, narrow, result] :
         llvm::enumerate(op->getResults(), wide->getResults())) {
      RankedTensorType type = widened(narrow.getType());
      if (!type) { // an i1 mask, or an f32 result: as it was
        narrow.replaceAllUsesWith(result);
        continue;
      }
      result.setType(type);
      auto store = CastOp::create(b, loc, narrow.getType(), result);
      if (categories && i < categories.size()) {
        store->setAttr(kCategoryAttr, b.getArrayAttr({categories[i]}));
        if (getCategoryName(categories[i]) == kCategoryStashed)
          wideCategories[i] =
              getCategoryAttr(b.getContext(), kCategoryImmediate);
      }
      narrow.replaceAllUsesWith(store.getResult());
    }
    if (categories)
      wide->setAttr(kCategoryAttr, b.getArrayAttr(wideCategories));
    op->erase();
    return verify(wide);
  }
};

} // namespace
