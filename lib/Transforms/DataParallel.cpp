//===- DataParallel.cpp - One rank's step of data-parallel training -------===//
//
// Averages every weight gradient and the loss over the ranks with
// echo.all_reduce, right after each is defined; normalizes batch norms with
// all ranks' statistics (SyncBatchNorm.cpp); averages gradients in buckets,
// one collective per bucket, as DDP does; with shard=, runs each optimizer
// update on the rank's part of its tensors as ZeRO's stages do
// (docs/distributed.md).
//
//===----------------------------------------------------------------------===//

#include "SyncBatchNorm.h"

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
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

/// The op of `fn`'s body block that is or holds `op`.
Operation *inBody(func::FuncOp fn, Operation *op) {
  return fn.getBody().front().findAncestorOpInBlock(*op);
}

/// Whether `value` is already reduced over the ranks: an echo.all_reduce,
/// or a piece of one (a bucket's split and reshapes), so that a second run
/// adds nothing.
bool isAveraged(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<AllReduceOp>(def))
      return true;
    if (!isa<ReshapeOp, SplitOp>(def))
      return false;
    value = def->getOperand(0);
  }
  return false;
}

/// Whether `op` (or an op nested in it) reads one of `roots` or a result
/// of an op of `tainted`.
bool readsAny(Operation *op, const llvm::DenseSet<Value> &roots,
              const llvm::DenseSet<Operation *> &tainted) {
  return op
      ->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands()) {
          Operation *def = operand.getDefiningOp();
          if (roots.contains(operand) || (def && tainted.contains(def)))
            return WalkResult::interrupt();
        }
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// Averages in one collective each bucket of consecutive gradient averages
/// (PyTorch DDP's buckets). `add` takes echo.all_reduce mean ops, each
/// right after its gradient's definition in one block, in program order. A
/// bucket closes before the gradient that would take it past `capBytes`,
/// and before one that backward computes from the bucket's average (the
/// SyncBatchNorm correction reads the averaged beta and gamma gradients),
/// which could not be defined before the bucket's collective.
class Bucketer {
public:
  explicit Bucketer(int64_t capBytes) : capBytes(capBytes) {}

  void add(AllReduceOp mean) {
    Operation *def = mean.getInput().getDefiningOp();
    int64_t size = bytesOf(mean.getInput());
    if (!bucket.empty() && (bytes + size > capBytes || dependsOnBucket(def)))
      close();
    if (bucket.empty())
      scanned = mean;
    bucket.push_back(mean);
    roots.insert(mean.getResult());
    bytes += size;
  }

  /// Replaces the bucket's collectives with one after its last gradient.
  void close() {
    if (bucket.size() > 1)
      fuse();
    bucket.clear();
    roots.clear();
    tainted.clear();
    readers.clear();
    bytes = 0;
  }

private:
  static int64_t bytesOf(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return type.getNumElements() *
           static_cast<int64_t>(type.getElementTypeBitWidth() / 8);
  }

  /// Marks the ops up to `def` that read the bucket's averages, and says
  /// whether `def` is one of them.
  bool dependsOnBucket(Operation *def) {
    // Several gradients of one op (a batch norm's beta and gamma) come
    // after their definition has been scanned.
    if (!scanned->isBeforeInBlock(def))
      return tainted.contains(def);
    for (Operation *op = scanned->getNextNode(); op != def->getNextNode();
         op = op->getNextNode()) {
      scanned = op;
      if (readsAny(op, roots, tainted)) {
        tainted.insert(op);
        readers.push_back(op);
      }
    }
    return tainted.contains(def);
  }

  void fuse() {
    Operation *last = bucket.back().getInput().getDefiningOp();
    // Readers of the averages before the bucket's collective (eager
    // updates) move after it, in their order: they read nothing defined
    // after `last`, as no gradient of the bucket depends on them. Readers
    // after `last` stay.
    dependsOnBucket(last);
    SmallVector<Operation *> moved;
    for (Operation *op : readers)
      if (op->isBeforeInBlock(last))
        moved.push_back(op);

    SmallVector<Location> locs;
    SmallVector<Value> flat;
    SmallVector<Type> pieceTypes;
    int64_t total = 0;
    OpBuilder b(last->getContext());
    b.setInsertionPointAfter(last);
    for (AllReduceOp mean : bucket) {
      Value grad = mean.getInput();
      auto type = cast<RankedTensorType>(grad.getType());
      auto pieceType =
          RankedTensorType::get({type.getNumElements()}, type.getElementType());
      locs.push_back(mean.getLoc());
      flat.push_back(type == pieceType ? grad
                                       : ReshapeOp::create(b, mean.getLoc(),
                                                           pieceType, grad)
                                             .getResult());
      pieceTypes.push_back(pieceType);
      total += type.getNumElements();
    }
    Location loc = FusedLoc::get(last->getContext(), locs);
    auto flatType = RankedTensorType::get(
        {total}, bucket.front().getInput().getType().getElementType());
    Value concat = ConcatOp::create(b, loc, flatType, flat, uint64_t(0));
    Value averaged = AllReduceOp::create(b, loc, CollectiveKind::Mean, concat,
                                         bucket.front().getRanks());
    auto split = SplitOp::create(b, loc, pieceTypes, averaged, uint64_t(0));
    Operation *after = split;
    for (auto [mean, piece] : llvm::zip(bucket, split.getResults())) {
      Value result = piece;
      if (piece.getType() != mean.getType()) {
        after = ReshapeOp::create(b, mean.getLoc(), mean.getType(), piece);
        result = after->getResult(0);
      }
      mean.getResult().replaceAllUsesWith(result);
      mean.erase();
    }
    for (Operation *op : moved) {
      op->moveAfter(after);
      after = op;
    }
  }

  int64_t capBytes;
  SmallVector<AllReduceOp> bucket;
  int64_t bytes = 0;
  // The bucket's averages, the ops that read them (directly or not), and
  // the last op whose reading is known.
  llvm::DenseSet<Value> roots;
  llvm::DenseSet<Operation *> tainted;
  SmallVector<Operation *> readers; // `tainted` in program order
  Operation *scanned = nullptr;
};

/// The update's operands that are its own optimizer state (velocity, m, v)
/// and the results that replace them.
SmallVector<std::pair<OpOperand *, OpResult>> stateOf(Operation *update) {
  SmallVector<std::pair<OpOperand *, OpResult>> state;
  if (auto sgd = dyn_cast<SgdUpdateOp>(update)) {
    if (sgd.getVelocity() && sgd.getNewVelocity())
      state.push_back({&sgd.getVelocityMutable()[0],
                       cast<OpResult>(sgd.getNewVelocity())});
  } else if (auto adam = dyn_cast<AdamUpdateOp>(update)) {
    state.push_back({&adam.getMMutable(), cast<OpResult>(adam.getNewM())});
    state.push_back({&adam.getVMutable(), cast<OpResult>(adam.getNewV())});
  }
  return state;
}

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
    if (bucketBytes < 0) {
      fn.emitError("echo-data-parallel: bucket-bytes must be at least 0, "
                   "got ")
          << static_cast<int64_t>(bucketBytes);
      return signalPassFailure();
    }
    // The op of the body holding the loss seed, where backward begins.
    Operation *seed = nullptr;
    fn.walk([&](Operation *op) {
      if (!seed && op->getAttr(kLossSeedAttr))
        seed = inBody(fn, op);
    });
    if (!seed)
      return; // not a training step

    SmallVector<Operation *> updates;
    fn.walk([&](Operation *op) {
      if (isa<SgdUpdateOp, AdamUpdateOp>(op))
        updates.push_back(op);
    });
    if (shard != ShardStage::None) {
      if (updates.empty()) {
        fn.emitError("echo-data-parallel: shard= needs a step with an "
                     "optimizer (echo-autodiff optimizer=...)");
        return signalPassFailure();
      }
      bool scaled = false;
      fn.walk([&](LossScaleUpdateOp) { scaled = true; });
      if (scaled) {
        fn.emitError("echo-data-parallel: shard= does not take a step with "
                     "dynamic loss scaling");
        return signalPassFailure();
      }
    }

    // The values to average, in program order of their first appearance:
    // the updates' gradients (from stage 2 on, reduce-scattered instead),
    // then what the step returns.
    llvm::SetVector<Value> averaged;
    if (shard == ShardStage::None || shard == ShardStage::Optimizer)
      for (Operation *update : updates)
        averaged.insert(update->getOperand(1));
    for (Block &block : fn.getBody()) {
      auto ret = dyn_cast<func::ReturnOp>(block.getTerminator());
      if (!ret)
        continue;
      for (auto [i, value] : llvm::enumerate(ret.getOperands()))
        if (!fn.getResultAttr(i, kUpdateOfAttr))
          averaged.insert(value);
    }

    // The averages of gradients backward defines in the body, which
    // buckets may take (not the loss, defined before backward).
    Block &body = fn.getBody().front();
    SmallVector<AllReduceOp> gradientMeans;
    for (Value value : averaged) {
      if (isAveraged(value))
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
      Operation *def = value.getDefiningOp();
      if (def && def->getBlock() == &body && !def->isBeforeInBlock(seed))
        gradientMeans.push_back(mean);
    }
    if (syncBatchNorm && failed(syncBatchNorms(fn, ranks)))
      return signalPassFailure();
    // After SyncBatchNorm, whose backward reads some of the averages.
    if (bucketBytes > 0) {
      llvm::sort(gradientMeans, [](AllReduceOp a, AllReduceOp b) {
        return a->isBeforeInBlock(b);
      });
      Bucketer buckets(bucketBytes);
      for (AllReduceOp mean : gradientMeans)
        buckets.add(mean);
      buckets.close();
    }
    if (shard != ShardStage::None && failed(shardUpdates(fn, updates, seed)))
      return signalPassFailure();
  }

  /// Runs each update on the rank's parts (ZeRO), then gives the function
  /// the types of its new arguments and results.
  LogicalResult shardUpdates(func::FuncOp fn, ArrayRef<Operation *> updates,
                             Operation *seed) {
    Block &body = fn.getBody().front();
    OpBuilder b(&getContext());
    for (Operation *update : updates) {
      Location loc = update->getLoc();
      auto param = dyn_cast<BlockArgument>(update->getOperand(0));
      if (!param || param.getOwner() != &body)
        return update->emitError("echo-data-parallel: shard= needs the "
                                 "update's parameter to be an argument");
      auto type = cast<RankedTensorType>(param.getType());
      RankedTensorType part = shardType(type, ranks);

      // Stage 3: the parameter argument becomes the rank's part, gathered
      // whole before its first forward use and again before its first
      // backward use.
      if (shard == ShardStage::Parameters) {
        SmallVector<OpOperand *> forward, backward;
        for (OpOperand &use : param.getUses())
          if (use.getOwner() != update)
            (!inBody(fn, use.getOwner())->isBeforeInBlock(seed)
                 ? backward
                 : forward)
                .push_back(&use);
        param.setType(part);
        for (SmallVector<OpOperand *> *uses : {&forward, &backward}) {
          if (uses->empty())
            continue;
          Operation *first = inBody(fn, (*uses)[0]->getOwner());
          for (OpOperand *use : *uses)
            if (inBody(fn, use->getOwner())->isBeforeInBlock(first))
              first = inBody(fn, use->getOwner());
          b.setInsertionPoint(first);
          Value whole = AllGatherOp::create(b, param.getLoc(), type, param,
                                            ranks);
          for (OpOperand *use : *uses)
            use->set(whole);
        }
      }

      b.setInsertionPoint(update);
      Value grad = update->getOperand(1);
      Value gradPart =
          shard == ShardStage::Optimizer
              ? ShardOp::create(b, loc, grad, ranks).getResult()
              : ReduceScatterOp::create(b, loc, CollectiveKind::Mean, grad,
                                        ranks)
                    .getResult();
      Value paramPart = shard == ShardStage::Parameters
                            ? Value(param)
                            : ShardOp::create(b, loc, param, ranks).getResult();
      update->setOperand(0, paramPart);
      update->setOperand(1, gradPart);
      for (auto [operand, result] : stateOf(update)) {
        auto state = dyn_cast<BlockArgument>(operand->get());
        if (!state || state.getOwner() != &body ||
            !fn.getArgAttr(state.getArgNumber(), kOptimizerStateAttr) ||
            !state.hasOneUse())
          return update->emitError("echo-data-parallel: shard= needs each "
                                   "optimizer state to be an argument of "
                                   "this update alone");
        state.setType(part);
        result.setType(part);
      }
      OpResult newParam = update->getResult(0);
      newParam.setType(part);
      if (shard != ShardStage::Parameters) {
        b.setInsertionPointAfter(update);
        auto whole = AllGatherOp::create(b, loc, type, newParam, ranks);
        newParam.replaceAllUsesExcept(whole.getResult(), whole);
      }
    }
    auto ret = cast<func::ReturnOp>(body.getTerminator());
    fn.setType(FunctionType::get(&getContext(), body.getArgumentTypes(),
                                 ret.getOperandTypes()));
    return success();
  }
};

} // namespace
