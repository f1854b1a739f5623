//===- SinkUpdates.cpp - Parameter updates later, under the live peak -----===//
//
// echo-sink-updates: moves each optimizer update call of a bufferized step
// down the block while the live bytes it passes, plus the gradients it
// keeps alive, stay at most the step's peak; updates that stop at the same
// point end up adjacent, where echo-fuse-light-loops makes them one kernel.
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "BufferSlots.h"

#include "EchoDialect/Core/LiveProfile.h"
#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOSINKUPDATES
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// The runtime entries of optimizer updates: they read a gradient and the
/// old parameter and state, and write only the new parameter and state,
/// each in place of the old one (abi.def's aliases).
bool isOptimizerUpdate(StringRef entry) {
  return entry == "echo_sgd_update" || entry == "echo_adam_update";
}

/// The argument of `fn` that `value` is, or a cast or view of.
BlockArgument argumentOf(Value value, func::FuncOp fn) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<memref::CastOp>(def)) {
      value = def->getOperand(0);
    } else if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      value = view.getViewSource();
    } else {
      return nullptr;
    }
  }
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner() == &fn.front() ? arg : nullptr;
}

/// An update call that may move: the arguments it writes (new parameters
/// and state, `echo.update_of`), and the slots whose last use it is.
struct Movable {
  llvm::SmallPtrSet<Value, 4> written;
  SmallVector<unsigned> dying;
};

std::optional<Movable> movable(func::CallOp call, func::FuncOp fn,
                               const BufferSlots &slots, int64_t point) {
  if (!isOptimizerUpdate(call.getCallee()))
    return std::nullopt;
  const RuntimeEntry *entry = lookupRuntimeEntry(call.getCallee());
  if (!entry)
    return std::nullopt;
  SmallVector<Value> tensors;
  for (Value operand : call.getArgOperands())
    if (isa<BaseMemRefType>(operand.getType()))
      tensors.push_back(operand);
  Movable m;
  for (auto [index, tensor] : llvm::enumerate(tensors)) {
    const char *name = entry->tensorName(index);
    if (!name)
      return std::nullopt;
    bool out = false, in = false;
    for (const RuntimeAlias &alias : entry->aliases) {
      out |= StringRef(alias.out) == name;
      in |= StringRef(alias.in) == name;
    }
    BlockArgument arg = argumentOf(tensor, fn);
    if (out) {
      if (!arg || !fn.getArgAttr(arg.getArgNumber(), kUpdateOfAttr))
        return std::nullopt;
      m.written.insert(arg);
    } else if (in && !arg) {
      return std::nullopt;
    }
    if (std::optional<unsigned> slot = slots.slotOfValue(tensor);
        slot && slots.requests[*slot].end == point &&
        !llvm::is_contained(m.dying, *slot))
      m.dying.push_back(*slot);
  }
  return m;
}

/// Per op of `ops`, the arguments marked echo.update_of that it (or an op
/// nested in it) uses, directly or through a cast or view: what an update
/// moving past it must not write. Found once, not per update and op passed.
SmallVector<SmallVector<Value, 1>>
updatedArgumentsUsed(ArrayRef<Operation *> ops, func::FuncOp fn) {
  SmallVector<SmallVector<Value, 1>> used(ops.size());
  for (auto [op, args] : llvm::zip_equal(ops, used))
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (isa<BaseMemRefType>(operand.getType()))
          if (BlockArgument arg = argumentOf(operand, fn);
              arg && fn.getArgAttr(arg.getArgNumber(), kUpdateOfAttr) &&
              !llvm::is_contained(args, arg))
            args.push_back(arg);
    });
  return used;
}

struct SinkUpdatesPass : echo::impl::EchoSinkUpdatesBase<SinkUpdatesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    // A planned step keeps its order: the plan's lifetimes are in it.
    if (fn.isExternal() || !fn.getBody().hasOneBlock() || getArenaPlanAttr(fn))
      return;
    if (alignment <= 0) {
      fn.emitError("echo-sink-updates: alignment must be positive, got ")
          << int64_t(alignment);
      return signalPassFailure();
    }
    Block &block = fn.front();
    bool any = llvm::any_of(block, [](Operation &op) {
      auto call = dyn_cast<func::CallOp>(op);
      return call && isOptimizerUpdate(call.getCallee());
    });
    if (!any)
      return;
    FailureOr<BufferSlots> slots = collectBufferSlots(fn, inPlace, alignment);
    if (failed(slots))
      return signalPassFailure();
    SmallVector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    int64_t terminator = int64_t(ops.size()) - 1;
    SmallVector<SmallVector<Value, 1>> used = updatedArgumentsUsed(ops, fn);
    LiveProfile live(int64_t(ops.size()));
    for (const BufferRequest &request : slots->requests)
      live.add(request.start, request.end,
               int64_t(llvm::alignTo(request.size, alignment)));
    int64_t peak = live.peak();

    // Program order, on the original points: a moved update sits between
    // two of them, where fewer bytes are live than at either.
    struct Move {
      int64_t point, target;
    };
    SmallVector<Move> moves;
    for (int64_t point = 0; point < terminator; ++point) {
      auto call = dyn_cast<func::CallOp>(ops[point]);
      if (!call)
        continue;
      std::optional<Movable> m = movable(call, fn, *slots, point);
      if (!m)
        continue;
      int64_t kept = 0;
      for (unsigned slot : m->dying)
        kept += int64_t(llvm::alignTo(slots->requests[slot].size, alignment));
      int64_t target = point + 1;
      while (target < terminator && live.at(target) + kept <= peak &&
             llvm::none_of(used[target],
                           [&](Value arg) { return m->written.contains(arg); }))
        ++target;
      if (target == point + 1)
        continue;
      live.add(point + 1, target - 1, kept);
      moves.push_back({point, target});
    }
    if (moves.empty())
      return;

    // The bound holds for every prefix of the moves (each was checked with
    // only the earlier ones made), but the planner's heuristic arena may
    // still come out larger in the new order. Keep the longest prefix
    // found by bisection whose arena is no larger than the order as
    // written: all moves if they fit, else lo fits and hi does not.
    auto apply = [&](size_t count) {
      for (const Move &move : ArrayRef(moves).take_front(count))
        ops[move.point]->moveBefore(ops[move.target]);
    };
    // Undone the latest first, each before its old successor.
    auto undo = [&](size_t count) {
      for (const Move &move : llvm::reverse(ArrayRef(moves).take_front(count)))
        ops[move.point]->moveBefore(ops[move.point + 1]);
    };
    int64_t before =
        planBuffers(slots->requests, slots->placedLast()).arenaBytes;
    bool failedSlots = false;
    auto fits = [&](size_t count) {
      apply(count);
      FailureOr<BufferSlots> after = collectBufferSlots(fn, inPlace, alignment);
      bool ok = succeeded(after) &&
                planFitsWithin(after->requests, after->placedLast(), before);
      failedSlots |= failed(after);
      undo(count);
      return ok;
    };
    size_t lo = 0, hi = moves.size();
    if (fits(hi))
      lo = hi;
    while (hi - lo > 1 && !failedSlots) {
      size_t mid = lo + (hi - lo) / 2;
      (fits(mid) ? lo : hi) = mid;
    }
    if (failedSlots)
      return signalPassFailure();
    apply(lo);
  }
};

} // namespace
