//===- AnnotateMemory.cpp - Memory categories and step statistics ---------===//
//
// The tensor-level facts the memory report needs after bufferization has
// turned ops into runtime calls: which category each buffer belongs to, how
// many FLOPs each phase costs, what is persistent, and what is stashed.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Analysis/BufferViews.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/Parameters.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOANNOTATEMEMORY
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// Whether `value`, or a view of its buffer (BufferViews.h), is stashed:
/// the buffer is then kept for the backward pass.
bool isStashed(Value value) {
  return llvm::any_of(value.getUsers(), [](Operation *user) {
    return isa<StashOp>(user) ||
           (bufferizesToView(user) && isStashed(user->getResult(0)));
  });
}

/// Whether `op` makes a converted copy of a trainable argument (autocast's
/// 16-bit copy of an f32 master weight): memory of the weights, counted
/// apart from the activations whether the backward reads it or not.
bool isWeightCopy(Operation *op) {
  auto cast = dyn_cast<CastOp>(op);
  return cast && isTrainableArgument(cast->getOperand(0));
}

/// The category of result `result` of `op`.
StringRef categoryOf(Operation *op, OpResult result, bool backward) {
  if (isa<EncodeOp>(op))
    return kCategoryEncoded;
  if (isa<OffloadOp>(op))
    return result.getResultNumber() == 0 ? kCategoryHost : kCategoryImmediate;
  if (isa<SgdUpdateOp, AdamUpdateOp>(op))
    return result.getResultNumber() == 0 ? kCategoryWeights
                                         : kCategoryOptimizerState;
  if (op->getParentOfType<RecomputeOp>())
    return kCategoryImmediate;
  if (backward)
    return isa<DecodeOp, PrefetchOp>(op) ? kCategoryImmediate
                                         : kCategoryGradientMaps;
  if (isWeightCopy(op))
    return kCategoryWeightCopies;
  return isStashed(result) ? kCategoryStashed : kCategoryImmediate;
}

struct AnnotateMemoryPass
    : echo::impl::EchoAnnotateMemoryBase<AnnotateMemoryPass> {
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    Builder b(&getContext());

    int64_t ops = 0, flopsForward = 0, flopsBackward = 0, flopsRecompute = 0;
    // Data-parallel collectives: how many, over how many ranks, and the
    // bytes one rank sends per step (collectiveCost, EchoOps.h).
    int64_t collectives = 0, collectiveRanks = 0, communicated = 0;
    llvm::StringMap<int64_t> stashedByKind;
    llvm::DenseSet<Value> stashedBuffers;
    bool backward = false;
    fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == fn)
        return;
      ++ops;
      backward |= bool(op->getAttr(kLossSeedAttr));
      bool recomputed = bool(op->getParentOfType<RecomputeOp>());
      if (std::optional<CollectiveCost> c = collectiveCost(op)) {
        ++collectives;
        collectiveRanks = std::max(collectiveRanks, c->ranks);
        communicated += c->ringBytes;
      }
      if (auto cost = dyn_cast<CostOpInterface>(op)) {
        int64_t flops = cost.getFlops();
        (recomputed ? flopsRecompute
                    : backward ? flopsBackward : flopsForward) += flops;
      }
      // A stash of a view counts under the buffer it views, once.
      if (auto stash = dyn_cast<StashOp>(op)) {
        Value held = viewedValue(stash.getInput());
        if (stashedBuffers.insert(held).second) {
          Operation *def = held.getDefiningOp();
          StringRef kind = def ? def->getName().getStringRef() : "argument";
          stashedByKind[kind] += getStorageBytes(held.getType());
        }
      }
      // Echo's ops, and any dialect's op that declares its cost
      // (CostOpInterface), get categories: a downstream op's buffers are
      // counted as an echo op's in its place would be.
      if (op->getNumResults() &&
          (isa_and_nonnull<EchoDialect>(op->getDialect()) ||
           isa<CostOpInterface>(op))) {
        SmallVector<Attribute> categories;
        for (OpResult result : op->getResults())
          categories.push_back(getCategoryAttr(
              b.getContext(), categoryOf(op, result, backward)));
        op->setAttr(kCategoryAttr, b.getArrayAttr(categories));
      }
    });

    // Persistent bytes: arguments and results live for the whole step.
    llvm::StringMap<int64_t> persistent;
    SmallVector<StringRef> argCategory;
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
      StringRef category = kCategoryInputs;
      if (fn.getArgAttr(i, kTrainableAttr))
        category = kCategoryWeights;
      else if (fn.getArgAttr(i, kOptimizerStateAttr))
        category = kCategoryOptimizerState;
      argCategory.push_back(category);
      persistent[category] += getStorageBytes(fn.getArgument(i).getType());
    }
    SmallVector<int64_t> updateOf;
    for (unsigned i = 0, e = fn.getNumResults(); i < e; ++i) {
      auto attr = fn.getResultAttrOfType<IntegerAttr>(i, kUpdateOfAttr);
      int64_t index = attr ? attr.getInt() : -1;
      updateOf.push_back(index);
      StringRef category = index >= 0 && index < (int64_t)argCategory.size()
                               ? argCategory[index]
                               : StringRef(kCategoryWeightGradients);
      persistent[category] += getStorageBytes(fn.getResultTypes()[i]);
    }

    auto dict = [&](const llvm::StringMap<int64_t> &map) {
      SmallVector<NamedAttribute> entries;
      for (const auto &entry : map)
        entries.push_back(b.getNamedAttr(entry.getKey(),
                                         b.getI64IntegerAttr(entry.getValue())));
      return b.getDictionaryAttr(entries); // sorted by name
    };
    SmallVector<NamedAttribute> stats{
        b.getNamedAttr("ops", b.getI64IntegerAttr(ops)),
        b.getNamedAttr("flops_forward", b.getI64IntegerAttr(flopsForward)),
        b.getNamedAttr("flops_backward", b.getI64IntegerAttr(flopsBackward)),
        b.getNamedAttr("flops_recompute", b.getI64IntegerAttr(flopsRecompute)),
        b.getNamedAttr("persistent", dict(persistent)),
        b.getNamedAttr("stashed_by_op_kind", dict(stashedByKind)),
        b.getNamedAttr("result_update_of", b.getDenseI64ArrayAttr(updateOf))};
    if (collectives) {
      stats.push_back(
          b.getNamedAttr("collectives", b.getI64IntegerAttr(collectives)));
      stats.push_back(
          b.getNamedAttr("collective_ranks", b.getI64IntegerAttr(collectiveRanks)));
      stats.push_back(b.getNamedAttr("communicated_bytes",
                                     b.getI64IntegerAttr(communicated)));
    }
    fn->setAttr(kStepStatsAttr, b.getDictionaryAttr(stats));
  }
};

} // namespace
