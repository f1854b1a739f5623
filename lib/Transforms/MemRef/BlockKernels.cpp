//===- BlockKernels.cpp - One GPU block per output of a reducing kernel ---===//
//
// echo-block-kernels: an scf.parallel over outputs whose body holds nested
// scf.parallel loops (echo-light-calls-to-loops' reductions and per-output
// element loops) becomes a gpu.launch of one block per output, the nested
// loops strided over the block's threads and reductions combined with
// gpu.all_reduce; below the threshold the nested loops become scf.for
// loops in their output's thread. See MemRefPasses.td.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOBLOCKKERNELS
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// The trip count of a 1-D loop from 0 by 1 to a constant, or nullopt.
std::optional<int64_t> simpleTrips(scf::ParallelOp loop) {
  if (loop.getNumLoops() != 1)
    return std::nullopt;
  APInt lb, ub, step;
  if (!matchPattern(loop.getLowerBound()[0], m_ConstantInt(&lb)) ||
      !matchPattern(loop.getUpperBound()[0], m_ConstantInt(&ub)) ||
      !matchPattern(loop.getStep()[0], m_ConstantInt(&step)) || !lb.isZero() ||
      !step.isOne())
    return std::nullopt;
  return ub.getSExtValue();
}

/// The combined value of reduction `i` of `reduce`, folding `value` into
/// `acc` with the reduction's region, cloned at the builder's point.
Value combine(OpBuilder &b, scf::ReduceOp reduce, unsigned i, Value acc,
              Value value) {
  Block &block = reduce.getReductions()[i].front();
  IRMapping map;
  map.map(block.getArgument(0), acc);
  map.map(block.getArgument(1), value);
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  auto ret = cast<scf::ReduceReturnOp>(block.getTerminator());
  return map.lookup(ret.getResult());
}

/// Whether reduction `i` of `reduce` is acc + v (an addf of its two
/// arguments, in either order).
bool isAddition(scf::ReduceOp reduce, unsigned i) {
  Block &block = reduce.getReductions()[i].front();
  auto ret = cast<scf::ReduceReturnOp>(block.getTerminator());
  auto add = ret.getResult().getDefiningOp<arith::AddFOp>();
  if (!add || &block.front() != add.getOperation())
    return false;
  Value a = block.getArgument(0), b = block.getArgument(1);
  return (add.getLhs() == a && add.getRhs() == b) ||
         (add.getLhs() == b && add.getRhs() == a);
}

/// Whether reduction `i` folds a value into itself unchanged (v > acc ? v :
/// acc with v == acc gives acc): the threads may all start from the initial
/// value. Recognized form: a compare of the two arguments and a select of
/// them.
bool isIdempotent(scf::ReduceOp reduce, unsigned i) {
  Block &block = reduce.getReductions()[i].front();
  auto ret = cast<scf::ReduceReturnOp>(block.getTerminator());
  auto sel = ret.getResult().getDefiningOp<arith::SelectOp>();
  if (!sel)
    return false;
  auto cmp = sel.getCondition().getDefiningOp<arith::CmpFOp>();
  Value a = block.getArgument(0), b = block.getArgument(1);
  auto isArg = [&](Value v) { return v == a || v == b; };
  return cmp && isArg(cmp.getLhs()) && isArg(cmp.getRhs()) &&
         isArg(sel.getTrueValue()) && isArg(sel.getFalseValue()) &&
         std::distance(block.begin(), block.end()) == 3;
}

/// Clones the body of the 1-D `loop` (without its terminator) at the
/// builder's point with its induction variable mapped to `iv`; returns the
/// values the terminator reduces, mapped.
SmallVector<Value> cloneBody(OpBuilder &b, scf::ParallelOp loop, Value iv,
                             IRMapping &map) {
  map.map(loop.getInductionVars()[0], iv);
  Block *body = loop.getBody();
  for (Operation &op : body->without_terminator())
    b.clone(op, map);
  SmallVector<Value> reduced;
  for (Value v : loop.getBody()->getTerminator()->getOperands())
    reduced.push_back(map.lookupOrDefault(v));
  return reduced;
}

/// scf.for from `lb` to the loop's upper bound by `step`, folding the
/// loop's reductions in iteration order from `inits`. Returns its results.
SmallVector<Value> foldAsFor(OpBuilder &b, scf::ParallelOp loop, Value lb,
                             Value step, ValueRange inits, IRMapping &outer,
                             std::optional<int64_t> tripBound) {
  Location loc = loop.getLoc();
  Value ub = outer.lookupOrDefault(loop.getUpperBound()[0]);
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  auto forOp = scf::ForOp::create(
      b, loc, lb, ub, step, inits,
      [&](OpBuilder &nested, Location, Value k, ValueRange acc) {
        IRMapping map = outer;
        SmallVector<Value> values = cloneBody(nested, loop, k, map);
        SmallVector<Value> next;
        for (unsigned i = 0; i < values.size(); ++i)
          next.push_back(combine(nested, reduce, i, acc[i], values[i]));
        scf::YieldOp::create(nested, loc, next);
      });
  if (tripBound)
    forOp->setAttr(kTripBoundAttr, b.getI64IntegerAttr(*tripBound));
  return SmallVector<Value>(forOp.getResults());
}

/// Replaces a nested 1-D loop by an scf.for in the thread of its output.
void sequentialize(scf::ParallelOp loop) {
  OpBuilder b(loop);
  IRMapping map;
  Value one = arith::ConstantIndexOp::create(b, loop.getLoc(), 1);
  SmallVector<Value> results = foldAsFor(b, loop, loop.getLowerBound()[0], one,
                                         loop.getInitVals(), map, std::nullopt);
  loop.replaceAllUsesWith(results);
  loop.erase();
}

struct BlockKernelsPass
    : echo::impl::EchoBlockKernelsBase<BlockKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (threads < 32 || threads > 1024 || !llvm::isPowerOf2_64(threads)) {
      emitError(getOperation().getLoc())
          << "echo-block-kernels: threads must be a power of two in [32, "
             "1024], got "
          << int64_t(threads);
      return signalPassFailure();
    }
    if (minInner < 1) {
      emitError(getOperation().getLoc())
          << "echo-block-kernels: min-inner must be at least 1, got "
          << int64_t(minInner);
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> outers;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>() &&
          !loop->getParentOfType<gpu::LaunchOp>())
        outers.push_back(loop);
    });
    for (scf::ParallelOp outer : outers)
      rewrite(outer);
  }

  void rewrite(scf::ParallelOp outer) {
    SmallVector<scf::ParallelOp> nested;
    outer.getBody()->walk([&](scf::ParallelOp loop) { nested.push_back(loop); });
    if (nested.empty())
      return;
    // A block per output needs a 1-D outer loop and nested loops that are
    // direct children (every thread reaches each all_reduce and barrier).
    int64_t longest = 0;
    bool direct = simpleTrips(outer).has_value();
    for (scf::ParallelOp loop : nested) {
      std::optional<int64_t> trips = simpleTrips(loop);
      direct = direct && trips && loop->getBlock() == outer.getBody() &&
               canDistribute(loop);
      longest = std::max(longest, trips.value_or(0));
    }
    if (direct && longest >= minInner)
      return toBlocks(outer, longest);
    // Innermost first, so each loop's body is already sequential.
    for (scf::ParallelOp loop : nested) // post-order: inner loops first
      if (loop.getNumLoops() == 1)
        sequentialize(loop);
  }

  /// Every reduction is an addition or idempotent, and the body holds no
  /// further parallel loop.
  static bool canDistribute(scf::ParallelOp loop) {
    auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
    for (unsigned i = 0; i < reduce.getNumOperands(); ++i)
      if (!isAddition(reduce, i) && !isIdempotent(reduce, i))
        return false;
    bool flat = true;
    loop.getBody()->walk([&](scf::ParallelOp) { flat = false; });
    return flat;
  }

  void toBlocks(scf::ParallelOp outer, int64_t longest) {
    Location loc = outer.getLoc();
    int64_t blockSize = std::clamp<int64_t>(
        int64_t(llvm::PowerOf2Ceil(uint64_t(longest))), 32, threads);
    OpBuilder b(outer);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value grid = outer.getUpperBound()[0];
    Value block = arith::ConstantIndexOp::create(b, loc, blockSize);
    auto launch = gpu::LaunchOp::create(b, loc, grid, one, one, block, one, one);
    b.setInsertionPointToStart(&launch.getBody().front());
    Value tid = launch.getThreadIds().x;
    Value step = arith::ConstantIndexOp::create(b, loc, blockSize);
    IRMapping map;
    map.map(outer.getInductionVars()[0], launch.getBlockIds().x);
    for (Operation &op : outer.getBody()->without_terminator()) {
      auto loop = dyn_cast<scf::ParallelOp>(op);
      if (!loop) {
        b.clone(op, map);
        continue;
      }
      int64_t trips = *simpleTrips(loop);
      int64_t perThread = (trips + blockSize - 1) / blockSize;
      if (loop.getNumReductions() == 0) {
        foldAsFor(b, loop, tid, step, {}, map, perThread);
        gpu::BarrierOp::create(b, loc);
        continue;
      }
      auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
      Value isFirst = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, tid,
          arith::ConstantIndexOp::create(b, loc, 0));
      SmallVector<Value> starts;
      for (auto [i, init] : llvm::enumerate(loop.getInitVals())) {
        Value start = map.lookupOrDefault(init);
        if (isAddition(reduce, i)) {
          // Thread 0 brings the initial value; the others add from zero.
          Value zero = arith::ConstantOp::create(
              b, loc, b.getZeroAttr(start.getType()));
          start = arith::SelectOp::create(b, loc, isFirst, start, zero);
        }
        starts.push_back(start);
      }
      SmallVector<Value> partial =
          foldAsFor(b, loop, tid, step, starts, map, perThread);
      for (auto [i, value] : llvm::enumerate(partial)) {
        Value all;
        if (isAddition(reduce, i)) {
          all = gpu::AllReduceOp::create(
              b, loc, value,
              gpu::AllReduceOperationAttr::get(b.getContext(),
                                               gpu::AllReduceOperation::ADD),
              /*uniform=*/true);
        } else {
          auto red = gpu::AllReduceOp::create(
              b, loc, value, gpu::AllReduceOperationAttr(), /*uniform=*/true);
          Block *body = b.createBlock(&red.getBody(), {},
                                      {value.getType(), value.getType()},
                                      {loc, loc});
          b.setInsertionPointToStart(body);
          gpu::YieldOp::create(b, loc,
                               combine(b, reduce, i, body->getArgument(0),
                                       body->getArgument(1)));
          b.setInsertionPointAfter(red);
          all = red.getResult();
        }
        map.map(loop.getResult(i), all);
      }
    }
    gpu::TerminatorOp::create(b, loc);
    outer.erase();
  }
};

} // namespace
