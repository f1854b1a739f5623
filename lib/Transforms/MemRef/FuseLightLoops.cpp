//===- FuseLightLoops.cpp - Consecutive light-op loops as one loop --------===//
//
// echo-fuse-light-loops: runs of 1-D scf.parallel loops separated only by
// side-effect-free ops become one loop, segment by segment; a loop joins
// the run's last segment when their shared bytes are only touched at the
// same index, or starts a new segment when it shares no written byte with
// the run. See MemRefPasses.td.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOFUSELIGHTLOOPS
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// One load or store of a loop body, traced to the buffer it is a view of.
struct Access {
  Value base;          // an allocation, a global or an argument; null: unknown
  int64_t offset = 0;  // bytes from the start of base
  int64_t bytes = -1;  // size of the accessed view; -1: to the end of base
  int64_t elemBytes = 0;
  bool local = false;  // a 1-D view indexed by the loop's own index
  bool write = false;
};

int64_t sizeInBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return -1;
  return type.getNumElements() * ((type.getElementTypeBitWidth() + 7) / 8);
}

/// The buffer `memref` views, and where in it.
Access trace(Value memref) {
  Access a;
  auto type = cast<BaseMemRefType>(memref.getType());
  a.elemBytes = type.getElementType().isIntOrFloat()
                    ? (type.getElementType().getIntOrFloatBitWidth() + 7) / 8
                    : 0;
  Value v = memref;
  bool sized = false;
  while (true) {
    Operation *def = v.getDefiningOp();
    if (isa_and_nonnull<memref::CollapseShapeOp, memref::ExpandShapeOp,
                        memref::CastOp>(def)) {
      v = def->getOperand(0);
      continue;
    }
    if (auto view = dyn_cast_or_null<memref::ViewOp>(def)) {
      APInt shift;
      if (!matchPattern(view.getByteShift(), m_ConstantInt(&shift)) ||
          !view.getSizes().empty())
        return Access{};
      a.offset += shift.getSExtValue();
      if (!sized) {
        a.bytes = sizeInBytes(view.getType());
        sized = true;
      }
      v = view.getSource();
      continue;
    }
    break;
  }
  bool known = isa<BlockArgument>(v) ||
               isa_and_nonnull<memref::AllocOp, memref::AllocaOp,
                               memref::GetGlobalOp>(v.getDefiningOp());
  if (!known)
    return Access{};
  a.base = v;
  if (!sized) {
    auto ranked = dyn_cast<MemRefType>(v.getType());
    a.bytes = ranked ? sizeInBytes(ranked) : -1;
  }
  return a;
}

/// Whether `result` is marked as the next value of argument `arg` of
/// the same function (echo.update_of), which a caller may pass in place.
bool updates(BlockArgument result, BlockArgument arg) {
  auto func = dyn_cast<func::FuncOp>(result.getOwner()->getParentOp());
  if (!func || result.getOwner() != arg.getOwner() ||
      !result.getOwner()->isEntryBlock())
    return false;
  auto of = func.getArgAttrOfType<IntegerAttr>(result.getArgNumber(),
                                               kUpdateOfAttr);
  return of && of.getInt() == int64_t(arg.getArgNumber());
}

/// Whether two distinct bases may be one buffer: two arguments of a step
/// are distinct buffers, except that an updated parameter may be passed in
/// place of its parameter; anything that is not a function's argument is
/// an allocation or global of its own.
bool mayBeSameBuffer(Value a, Value b) {
  auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
  if (!argA || !argB)
    return false;
  if (!isa<func::FuncOp>(argA.getOwner()->getParentOp()))
    return true; // an argument of some other region: unknown
  return updates(argA, argB) || updates(argB, argA);
}

/// Whether two accesses may touch a common byte.
bool mayOverlap(const Access &a, const Access &b) {
  if (!a.base || !b.base)
    return true;
  if (a.base != b.base)
    return mayBeSameBuffer(a.base, b.base);
  int64_t aEnd = a.bytes < 0 ? INT64_MAX : a.offset + a.bytes;
  int64_t bEnd = b.bytes < 0 ? INT64_MAX : b.offset + b.bytes;
  return a.offset < bEnd && b.offset < aEnd;
}

/// Whether both touch the same element at every iteration and no other.
bool sameElement(const Access &a, const Access &b) {
  return a.local && b.local && a.elemBytes == b.elemBytes && a.elemBytes > 0 &&
         (a.base == b.base ? a.offset == b.offset : true);
}

/// A loop the pass can fuse, with its trip count and accesses.
struct LoopInfo {
  scf::ParallelOp loop;
  int64_t trips = 0;
  SmallVector<Access> accesses;
  bool nested = false; // holds nested parallel loops (a reduction's kernel)
  /// Values the body uses but the loop does not define: the parameters of
  /// its kernel once outlined.
  SmallVector<Value> captured;
};

/// Bytes `v` takes among a kernel's parameters: a memref descriptor (two
/// pointers, the offset, the sizes and the strides) or one 8-byte word.
int64_t parameterBytes(Value v) {
  if (auto type = dyn_cast<MemRefType>(v.getType()))
    return 8 * (3 + 2 * type.getRank());
  return 8;
}

std::optional<LoopInfo> analyze(scf::ParallelOp loop) {
  APInt lb, ub, step;
  if (loop.getNumLoops() != 1 || loop.getNumReductions() != 0 ||
      !matchPattern(loop.getLowerBound()[0], m_ConstantInt(&lb)) ||
      !matchPattern(loop.getUpperBound()[0], m_ConstantInt(&ub)) ||
      !matchPattern(loop.getStep()[0], m_ConstantInt(&step)) || !lb.isZero() ||
      !step.isOne() || ub.getSExtValue() <= 0)
    return std::nullopt;
  LoopInfo info{loop, ub.getSExtValue(), {}};
  Value iv = loop.getInductionVars()[0];
  bool ok = true;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<scf::ParallelOp>(op)) {
      info.nested = true;
      return WalkResult::advance();
    }
    Value memref;
    ValueRange indices;
    bool write = false;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      memref = load.getMemRef();
      indices = load.getIndices();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      memref = store.getMemRef();
      indices = store.getIndices();
      write = true;
    } else if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
               isMemoryEffectFree(op)) {
      return WalkResult::advance();
    } else {
      ok = false;
      return WalkResult::interrupt();
    }
    Access a = trace(memref);
    a.write = write;
    a.local = a.base && indices.size() == 1 && indices[0] == iv &&
              cast<MemRefType>(memref.getType()).getRank() == 1;
    info.accesses.push_back(a);
    return WalkResult::advance();
  });
  if (!ok)
    return std::nullopt;
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(loop.getRegion(), captured);
  for (Value v : captured)
    // Constants are cloned into the kernel by outlining.
    if (!matchPattern(v, m_Constant()))
      info.captured.push_back(v);
  return info;
}

/// Whether some pair of accesses, one a write, may share a byte (and,
/// with `allowSameElement`, is not an iteration-local pair).
bool conflict(ArrayRef<Access> xs, ArrayRef<Access> ys, bool allowSameElement) {
  for (const Access &a : xs)
    for (const Access &b : ys)
      if ((a.write || b.write) && mayOverlap(a, b) &&
          !(allowSameElement && sameElement(a, b)))
        return true;
  return false;
}

struct Segment {
  int64_t trips = 0;
  SmallVector<LoopInfo> loops;
};

/// A run of loops being fused, segment by segment.
struct Run {
  SmallVector<Segment> segments;
  int64_t maxParameterBytes = 0;
  llvm::SetVector<Value> captured; // the fused kernel's parameters
  int64_t parameterBytesUsed = 0;

  bool empty() const { return segments.empty(); }
  size_t loops() const {
    size_t n = 0;
    for (const Segment &s : segments)
      n += s.loops.size();
    return n;
  }

  /// Adds `info` if a rule allows it. A loop with nested loops (which
  /// echo-block-kernels may give a block per output) only starts a run,
  /// and such a run only grows by loops over its outputs.
  bool tryAdd(const LoopInfo &info) {
    if (segments.empty()) {
      capture(info);
      segments.push_back({info.trips, {info}});
      return true;
    }
    if (info.nested || !parametersFit(info))
      return false;
    bool startsNested = segments.front().loops.front().nested;
    for (size_t s = 0; s + 1 < segments.size(); ++s)
      for (const LoopInfo &other : segments[s].loops)
        if (conflict(info.accesses, other.accesses, false))
          return false;
    Segment &last = segments.back();
    bool local = last.trips == info.trips;
    for (const LoopInfo &other : last.loops)
      local = local && !conflict(info.accesses, other.accesses, true);
    if (local) {
      capture(info);
      last.loops.push_back(info);
      return true;
    }
    if (startsNested)
      return false;
    for (const LoopInfo &other : last.loops)
      if (conflict(info.accesses, other.accesses, false))
        return false;
    capture(info);
    segments.push_back({info.trips, {info}});
    return true;
  }

private:
  bool parametersFit(const LoopInfo &info) const {
    int64_t bytes = parameterBytesUsed;
    for (Value v : info.captured)
      if (!captured.contains(v))
        bytes += parameterBytes(v);
    return bytes <= maxParameterBytes;
  }
  void capture(const LoopInfo &info) {
    for (Value v : info.captured)
      if (captured.insert(v))
        parameterBytesUsed += parameterBytes(v);
  }
};

void emitSegment(OpBuilder &b, const Segment &segment, Value i) {
  for (const LoopInfo &info : segment.loops) {
    scf::ParallelOp loop = info.loop;
    IRMapping map;
    map.map(loop.getInductionVars()[0], i);
    for (Operation &op : loop.getBody()->without_terminator())
      b.clone(op, map);
  }
}

/// Segments k.. over iterations from `start`: an scf.if per boundary.
void emitSegments(OpBuilder &b, Location loc, ArrayRef<Segment> segments,
                  int64_t start, Value i) {
  const Segment &first = segments.front();
  auto local = [&](OpBuilder &nb) {
    Value j = i;
    if (start != 0)
      j = arith::SubIOp::create(nb, loc, i,
                                arith::ConstantIndexOp::create(nb, loc, start));
    emitSegment(nb, first, j);
  };
  if (segments.size() == 1)
    return local(b);
  Value end = arith::ConstantIndexOp::create(b, loc, start + first.trips);
  Value inFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, end);
  scf::IfOp::create(
      b, loc, inFirst,
      [&](OpBuilder &nb, Location) {
        local(nb);
        scf::YieldOp::create(nb, loc);
      },
      [&](OpBuilder &nb, Location) {
        emitSegments(nb, loc, segments.drop_front(), start + first.trips, i);
        scf::YieldOp::create(nb, loc);
      });
}

/// The fused loop replaces the run's loops at the place of its last one:
/// the others move down past ops they share no byte with.
void emit(Run &run) {
  if (run.loops() < 2)
    return;
  scf::ParallelOp last = run.segments.back().loops.back().loop;
  Location loc = last.getLoc();
  int64_t total = 0;
  for (const Segment &s : run.segments)
    total += s.trips;
  OpBuilder b(last);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value count = arith::ConstantIndexOp::create(b, loc, total);
  scf::ParallelOp::create(
      b, loc, ValueRange{zero}, ValueRange{count}, ValueRange{one},
      [&](OpBuilder &nb, Location, ValueRange ivs) {
        emitSegments(nb, loc, run.segments, 0, ivs.front());
      });
  for (Segment &s : run.segments)
    for (LoopInfo &info : s.loops)
      info.loop.erase();
}

//===----------------------------------------------------------------------===//
// Elementwise loops into a partitioned per-output kernel
//===----------------------------------------------------------------------===//

/// A per-output kernel whose nested loop `elements` carries echo.partition:
/// output o of `outer` owns its part of [0, total).
struct Partitioned {
  scf::ParallelOp outer, elements;
  int64_t total = 0;
};

std::optional<Partitioned> partitionedOf(scf::ParallelOp outer) {
  if (outer.getNumLoops() != 1 || outer.getNumReductions() != 0)
    return std::nullopt;
  for (Operation &op : outer.getBody()->without_terminator()) {
    auto nested = dyn_cast<scf::ParallelOp>(op);
    if (!nested)
      continue;
    auto part = nested->getAttrOfType<IntegerAttr>(kPartitionAttr);
    APInt lb, ub, step;
    if (!part || nested.getNumLoops() != 1 || nested.getNumReductions() != 0 ||
        !matchPattern(nested.getLowerBound()[0], m_ConstantInt(&lb)) ||
        !matchPattern(nested.getUpperBound()[0], m_ConstantInt(&ub)) ||
        !matchPattern(nested.getStep()[0], m_ConstantInt(&step)) ||
        !lb.isZero() || !step.isOne())
      continue;
    bool stores = false;
    nested.getBody()->walk([&](memref::StoreOp) { stores = true; });
    if (stores)
      return Partitioned{outer, nested, part.getInt()};
  }
  return std::nullopt;
}

/// Whether the elementwise loop `element` (over the kernel's total, every
/// access at its own index) may run, output by output, inside the kernel:
/// every pair of accesses that may share a byte, one a write, is on one of
/// the kernel's partitioned buffers (a view of exactly `total` elements),
/// which each output touches only within its part.
bool fitsPartition(const LoopInfo &element, const LoopInfo &kernel,
                   int64_t total) {
  if (element.nested || element.trips != total)
    return false;
  for (const Access &a : element.accesses) {
    if (!a.local || a.bytes != total * a.elemBytes)
      return false;
    for (const Access &b : kernel.accesses)
      if ((a.write || b.write) && mayOverlap(a, b) &&
          !(b.base == a.base && b.offset == a.offset && b.bytes == a.bytes &&
            b.elemBytes == a.elemBytes))
        return false;
  }
  return true;
}

/// Inserts, at the builder's point in the kernel's outer body, a nested
/// loop over the output's part that runs `element`'s body at each index
/// of the part: the index is that of the first store of the kernel's
/// partitioned loop, recomputed from the ops of the outer body it needs.
void emitInPart(OpBuilder &b, Partitioned kernel,
                scf::ParallelOp element) {
  memref::StoreOp first;
  kernel.elements.getBody()->walk([&](memref::StoreOp store) {
    if (!first)
      first = store;
  });
  Value index = first.getIndices()[0];
  Block *outerBody = kernel.outer.getBody();
  // The ops of the outer body `index` depends on, in program order.
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work{index};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || !outerBody->getParentOp()->isProperAncestor(def) ||
        slice.contains(def))
      continue;
    slice.insert(def);
    for (Value operand : def->getOperands())
      work.push_back(operand);
  }
  SmallVector<Operation *> ordered;
  outerBody->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (slice.contains(op))
      ordered.push_back(op);
  });
  Location loc = element.getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  APInt trips;
  if (!matchPattern(kernel.elements.getUpperBound()[0], m_ConstantInt(&trips)))
    return;
  Value count = arith::ConstantIndexOp::create(b, loc, trips.getSExtValue());
  scf::ParallelOp::create(
      b, loc, ValueRange{zero}, ValueRange{count}, ValueRange{one},
      [&](OpBuilder &nb, Location, ValueRange ivs) {
        IRMapping map;
        map.map(kernel.elements.getInductionVars()[0], ivs.front());
        for (Operation *op : ordered)
          nb.clone(*op, map);
        map.map(element.getInductionVars()[0], map.lookup(index));
        for (Operation &op : element.getBody()->without_terminator())
          nb.clone(op, map);
      });
}

/// Moves the elementwise loops right before (producers) and after
/// (consumers) each partitioned kernel into it, separated from it by
/// side-effect-free ops only.
void fuseIntoPartitions(Block &block) {
  SmallVector<scf::ParallelOp> kernels;
  for (Operation &op : block)
    if (auto loop = dyn_cast<scf::ParallelOp>(op))
      if (partitionedOf(loop))
        kernels.push_back(loop);
  auto pureBetween = [](Operation *from, Operation *to) {
    for (Operation *op = from->getNextNode(); op && op != to;
         op = op->getNextNode())
      if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
        return false;
    return true;
  };
  // The nearest loop before (or after) `op` in its block.
  auto nearestLoop = [](Operation *op, bool before) -> scf::ParallelOp {
    for (Operation *o = before ? op->getPrevNode() : op->getNextNode(); o;
         o = before ? o->getPrevNode() : o->getNextNode())
      if (auto loop = dyn_cast<scf::ParallelOp>(o))
        return loop;
    return nullptr;
  };
  for (scf::ParallelOp outer : kernels) {
    Partitioned kernel = *partitionedOf(outer);
    std::optional<LoopInfo> whole = analyze(outer);
    if (!whole)
      continue;
    // Moves the nearest loop before (a producer, to the start of the
    // outputs' work) or after (a consumer, to the end) into the kernel.
    auto moveNearest = [&](bool before) {
      scf::ParallelOp loop = nearestLoop(outer, before);
      if (!loop)
        return false;
      std::optional<LoopInfo> element = analyze(loop);
      if (!element ||
          !(before ? pureBetween(loop, outer) : pureBetween(outer, loop)) ||
          !fitsPartition(*element, *whole, kernel.total))
        return false;
      OpBuilder b = OpBuilder::atBlockBegin(outer.getBody());
      if (!before) {
        // The side-effect-free ops between (its views) move above the
        // kernel.
        while (outer->getNextNode() != loop.getOperation())
          outer->getNextNode()->moveBefore(outer);
        b.setInsertionPoint(outer.getBody()->getTerminator());
      }
      emitInPart(b, kernel, loop);
      // The kernel now makes the loop's accesses too.
      llvm::append_range(whole->accesses, element->accesses);
      loop.erase();
      return true;
    };
    // Producers first, then consumers, nearest first.
    while (moveNearest(/*before=*/true)) {
    }
    while (moveNearest(/*before=*/false)) {
    }
  }
}

struct FuseLightLoopsPass
    : echo::impl::EchoFuseLightLoopsBase<FuseLightLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxKernelParameterBytes <= 0) {
      getOperation().emitError("echo-fuse-light-loops: "
                               "max-kernel-parameter-bytes must be positive, "
                               "got ")
          << static_cast<int64_t>(maxKernelParameterBytes);
      return signalPassFailure();
    }
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) {
      if (!block->getParentOp()->getParentOfType<scf::ParallelOp>() &&
          !isa<scf::ParallelOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks) {
      fuseIntoPartitions(*block);
      fuseIn(*block);
    }
  }

  void fuseIn(Block &block) {
    SmallVector<Run> runs;
    auto fresh = [&] {
      Run run;
      run.maxParameterBytes = maxKernelParameterBytes;
      return run;
    };
    Run current = fresh();
    auto close = [&] {
      runs.push_back(std::move(current));
      current = fresh();
    };
    for (Operation &op : block) {
      if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
        std::optional<LoopInfo> info = analyze(loop);
        if (!info) {
          close();
          continue;
        }
        if (!current.tryAdd(*info)) {
          close();
          current.tryAdd(*info);
        }
        continue;
      }
      if (current.empty() || (op.getNumRegions() == 0 && isMemoryEffectFree(&op)))
        continue;
      // The run's loops may move below `op` only if they share no byte
      // with it, one side writing.
      std::optional<SmallVector<Access>> crossed = accessesOf(op);
      bool movable = crossed.has_value();
      for (const Segment &s : current.segments)
        for (const LoopInfo &info : s.loops)
          movable = movable && !conflict(info.accesses, *crossed, false);
      if (!movable)
        close();
    }
    close();
    for (Run &run : runs)
      emit(run);
  }

  /// What a runtime call, an allocation or a deallocation between loops
  /// touches: every buffer operand of a call, read and written; nothing
  /// for an allocation; the whole buffer for a deallocation. nullopt for
  /// any other op with effects (the run ends there).
  static std::optional<SmallVector<Access>> accessesOf(Operation &op) {
    SmallVector<Access> accesses;
    auto whole = [&](Value memref) {
      Access a = trace(memref);
      a.write = true;
      accesses.push_back(a);
    };
    if (isa<memref::AllocOp>(op))
      return accesses;
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      whole(dealloc.getMemref());
      return accesses;
    }
    auto call = dyn_cast<func::CallOp>(op);
    if (!call || !lookupRuntimeEntry(call.getCallee()))
      return std::nullopt;
    for (Value operand : call.getOperands())
      if (isa<BaseMemRefType>(operand.getType()))
        whole(operand);
    return accesses;
  }
};

} // namespace
