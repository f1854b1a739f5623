//===- BufferAssign.cpp - Liveness-based placement in one arena -----------===//
//
// Turns the temporary buffers of a bufferized, straight-line function into
// views of one arena. Lifetimes come from program order (the function is one
// block), in-place reuse from the calls' echo.in_place pairs (the lowered
// form of InPlaceOpInterface), and offsets from the planner core
// (BufferPlanner.h).
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Analysis/BufferPlanner.h"
#include "EchoDialect/Analysis/MemoryCategories.h"
#include "EchoDialect/ArenaResultAttrNames.h"
#include "EchoDialect/EchoInterfaces.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/EquivalenceClasses.h"

#include <map>
#include <numeric>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOBUFFERASSIGN
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

int64_t bytesOf(MemRefType type) {
  unsigned bits = type.getElementTypeBitWidth();
  return type.getNumElements() * std::max<int64_t>(1, (bits + 7) / 8);
}

/// The allocation a memref value is a view or cast of, if any.
memref::AllocOp rootAlloc(Value v) {
  while (v) {
    if (auto alloc = v.getDefiningOp<memref::AllocOp>())
      return alloc;
    if (auto cast = v.getDefiningOp<memref::CastOp>())
      v = cast.getSource();
    else if (auto view = v.getDefiningOp<ViewLikeOpInterface>())
      v = view.getViewSource();
    else
      return {};
  }
  return {};
}

/// Hashes integers with all their bits: the default (x * 37) sends offsets
/// and sizes, multiples of the alignment, to a few buckets.
struct SpreadInt64 : DenseMapInfo<int64_t> {
  static unsigned getHashValue(int64_t value) {
    return unsigned(llvm::hash_value(value));
  }
};

struct Buffer {
  memref::AllocOp alloc;
  int64_t bytes = 0;
  int64_t start = 0, end = 0;
  /// First op that reads or writes it (casts and views excluded).
  int64_t firstUse = 0;
  /// Holds a result of the step kept in the arena (kArenaResultAttr).
  bool result = false;
};

struct Lifetime {
  int64_t firstUse, lastUse;
};

struct BufferAssignPass : echo::impl::EchoBufferAssignBase<BufferAssignPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// First and last op (of `block`) using `alloc` or a view of it. Fails if
  /// the buffer escapes (returned, stored, captured).
  FailureOr<Lifetime> uses(memref::AllocOp alloc, Block &block,
                           const DenseMap<Operation *, int64_t> &point);
};

FailureOr<Lifetime>
BufferAssignPass::uses(memref::AllocOp alloc, Block &block,
                       const DenseMap<Operation *, int64_t> &point) {
  int64_t end = point.lookup(alloc);
  int64_t first = INT64_MAX;
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<func::ReturnOp, memref::StoreOp>(user))
        return failure();
      bool alias = false;
      if (isa<memref::CastOp>(user)) {
        worklist.push_back(user->getResult(0));
        alias = true;
      } else if (auto view = dyn_cast<ViewLikeOpInterface>(user);
                 view && view.getViewSource() == v) {
        worklist.push_back(view->getResult(0));
        alias = true;
      }
      Operation *top = block.findAncestorOpInBlock(*user);
      if (!top)
        return failure();
      end = std::max(end, point.lookup(top));
      if (!alias)
        first = std::min(first, point.lookup(top));
    }
  }
  return Lifetime{first == INT64_MAX ? end : first, end};
}

void BufferAssignPass::runOnOperation() {
  func::FuncOp fn = getOperation();
  if (fn.isExternal())
    return;
  if (!fn.getBody().hasOneBlock()) {
    // Plans straight-line steps only; others keep their allocations, which
    // a result kept in the arena cannot.
    WalkResult kept = fn.walk([&](memref::AllocOp alloc) {
      if (!alloc->hasAttr(kArenaResultAttr))
        return WalkResult::advance();
      alloc.emitOpError("holds a result of @")
          << fn.getSymName()
          << " in the arena, but echo-buffer-assign plans straight-line "
             "functions only";
      return WalkResult::interrupt();
    });
    if (kept.wasInterrupted())
      signalPassFailure();
    return;
  }
  Block &block = fn.front();

  DenseMap<Operation *, int64_t> point;
  point.reserve(block.getOperations().size());
  int64_t counter = 0;
  for (Operation &op : block)
    point[&op] = counter++;

  // Buffers with static shapes and identity layouts that stay inside.
  SmallVector<Buffer> buffers;
  DenseMap<Operation *, unsigned> indexOf;
  for (Operation &op : block) {
    auto alloc = dyn_cast<memref::AllocOp>(op);
    if (!alloc || !alloc.getType().hasStaticShape() ||
        !alloc.getType().getLayout().isIdentity() ||
        alloc.getType().getMemorySpace())
      continue;
    bool result = alloc->hasAttr(kArenaResultAttr);
    FailureOr<Lifetime> lifetime = uses(alloc, block, point);
    if (failed(lifetime)) {
      if (!result)
        continue;
      alloc.emitOpError("holds a result of @")
          << fn.getSymName() << " in the arena but escapes the function";
      return signalPassFailure();
    }
    // A result lives from its first write to the end of the step, not to
    // its last use in it.
    int64_t end = result ? point[block.getTerminator()] : lifetime->lastUse;
    indexOf[alloc] = buffers.size();
    buffers.push_back({alloc, bytesOf(alloc.getType()), point[alloc], end,
                       lifetime->firstUse, result});
  }
  if (buffers.empty())
    return;

  // In-place reuse: a call's output takes the slot of an input whose
  // lifetime ends at that call, where the call's kInPlaceCallAttr allows it.
  llvm::EquivalenceClasses<unsigned> slots;
  for (unsigned i = 0; i < buffers.size(); ++i)
    slots.insert(i);
  SmallVector<int64_t> slotEnd;
  for (const Buffer &b : buffers)
    slotEnd.push_back(b.end);
  if (inPlace) {
    for (Operation &op : block) {
      auto call = dyn_cast<func::CallOp>(op);
      if (!call)
        continue;
      auto pairs = call->getAttrOfType<DenseI64ArrayAttr>(kInPlaceCallAttr);
      if (!pairs)
        continue;
      SmallVector<Value> tensors;
      for (Value arg : call.getArgOperands())
        if (isa<BaseMemRefType>(arg.getType()))
          tensors.push_back(arg);
      ArrayRef<int64_t> flat = pairs.asArrayRef();
      for (size_t k = 0; k + 1 < flat.size(); k += 2) {
        int64_t in = flat[k], out = flat[k + 1];
        if (in < 0 || out < 0 || in >= int64_t(tensors.size()) ||
            out >= int64_t(tensors.size()))
          continue;
        memref::AllocOp a = rootAlloc(tensors[in]), b = rootAlloc(tensors[out]);
        if (!a || !b || !indexOf.count(a) || !indexOf.count(b))
          continue;
        unsigned ia = indexOf[a], ib = indexOf[b];
        unsigned leader = slots.getLeaderValue(ia);
        // The output must hold nothing before this call (its first use is
        // the call), and the input must die here.
        if (ia == ib || slots.getLeaderValue(ib) != ib ||
            buffers[ia].bytes != buffers[ib].bytes ||
            buffers[ib].firstUse != point[call] ||
            slotEnd[leader] != point[call])
          continue;
        // b's own lifetime starts before the call (its alloc precedes it);
        // from the call on it lives in a's slot.
        slots.unionSets(ia, ib);
        unsigned merged = slots.getLeaderValue(ia);
        slotEnd[merged] = std::max(slotEnd[leader], buffers[ib].end);
      }
    }
  }

  // One request per slot.
  SmallVector<unsigned> slotOf(buffers.size());
  DenseMap<unsigned, unsigned> requestOfLeader;
  std::vector<BufferRequest> requests;
  for (unsigned i = 0; i < buffers.size(); ++i) {
    unsigned leader = slots.getLeaderValue(i);
    auto [it, inserted] = requestOfLeader.try_emplace(leader, requests.size());
    if (inserted)
      requests.push_back({buffers[i].bytes, alignment, buffers[i].start,
                          buffers[i].end});
    BufferRequest &r = requests[it->second];
    r.start = std::min(r.start, buffers[i].start);
    r.end = std::max(r.end, buffers[i].end);
    slotOf[i] = it->second;
  }

  // Results kept in the arena live to the end of the step: the planner
  // also tries placing them after every temporary, into the gaps the
  // temporaries leave.
  SmallVector<bool> placedLast(requests.size(), false);
  for (unsigned i = 0; i < buffers.size(); ++i)
    if (buffers[i].result)
      placedLast[slotOf[i]] = true;
  BufferPlan plan = planBuffers(requests, placedLast);
  std::string problem = verifyPlan(requests, plan);
  if (!problem.empty()) {
    fn.emitError("echo-buffer-assign produced an invalid plan: ") << problem;
    return signalPassFailure();
  }

  // Rewrite: one arena, a view per buffer. The arena of a step that keeps
  // results in it must outlive the step: the caller provides it.
  OpBuilder b(&getContext());
  b.setInsertionPointToStart(&block);
  auto arenaType = MemRefType::get({std::max<int64_t>(plan.arenaBytes, 1)},
                                   b.getI8Type());
  bool keepsResults =
      llvm::any_of(buffers, [](const Buffer &buffer) { return buffer.result; });
  Value arena;
  if (keepsResults) {
    if (failed(fn.insertArgument(
            fn.getNumArguments(), arenaType,
            b.getDictionaryAttr(
                b.getNamedAttr(kArenaArgAttr, b.getUnitAttr())),
            fn.getLoc())))
      return signalPassFailure();
    arena = fn.getArguments().back();
  } else {
    auto alloc = memref::AllocOp::create(b, fn.getLoc(), arenaType);
    alloc.setAlignment(alignment);
    alloc->setAttr(kCategoryAttr, b.getStringAttr(kCategoryArena));
    alloc->setAttr(kAllocForAttr,
                   b.getStringAttr("the memory arena of @" + fn.getSymName()));
    arena = alloc.getResult();
  }
  std::map<int64_t, int64_t> resultOffsets;
  MLIRContext *ctx = &getContext();
  StringAttr categoryName = b.getStringAttr(kCategoryAttr),
             allocForName = b.getStringAttr(kAllocForAttr),
             resultName = b.getStringAttr(kArenaResultAttr),
             offsetName = b.getStringAttr(kOffsetAttr),
             bytesName = b.getStringAttr(kBytesAttr),
             lifetimeName = b.getStringAttr(kLifetimeAttr),
             slotName = b.getStringAttr(kSlotAttr);
  // A view's attributes, built sorted by name so that its dictionary is
  // uniqued without sorting (tens of thousands of views). The alloc's own
  // attributes that carry over are the first three.
  StringAttr names[] = {categoryName, allocForName, resultName, offsetName,
                        bytesName,    lifetimeName, slotName};
  enum { kCategory, kAllocFor, kResult, kOffset, kBytes, kLifetime, kSlot };
  SmallVector<unsigned> byName(std::size(names));
  std::iota(byName.begin(), byName.end(), 0);
  llvm::sort(byName, [&](unsigned x, unsigned y) {
    return names[x].strref() < names[y].strref();
  });
  // Offsets, sizes and slots repeat across views: each integer attribute is
  // uniqued once.
  DenseMap<int64_t, Attribute, SpreadInt64> i64Attrs;
  DenseMap<int64_t, TypedAttr, SpreadInt64> indexAttrs;
  auto i64Attr = [&](int64_t value) {
    Attribute &attr = i64Attrs[value];
    if (!attr)
      attr = b.getI64IntegerAttr(value);
    return attr;
  };
  Type indexType = b.getIndexType();
  OperationName constantName(arith::ConstantOp::getOperationName(), ctx),
      viewName(memref::ViewOp::getOperationName(), ctx);
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    memref::AllocOp alloc = buffer.alloc;
    b.setInsertionPoint(alloc);
    int64_t offset = plan.offsets[slotOf[i]];
    TypedAttr &shiftAttr = indexAttrs[offset];
    if (!shiftAttr)
      shiftAttr = b.getIndexAttr(offset);
    // The ops' builders, with their names looked up once.
    OperationState shiftState(alloc.getLoc(), constantName);
    arith::ConstantOp::build(b, shiftState, indexType, shiftAttr);
    Value shift = b.create(shiftState)->getResult(0);
    OperationState viewState(alloc.getLoc(), viewName);
    memref::ViewOp::build(b, viewState, alloc.getType(), arena, shift,
                          ValueRange{});
    Operation *view = b.create(viewState);
    Attribute values[std::size(names)];
    DictionaryAttr allocAttrs = alloc->getDiscardableAttrDictionary();
    values[kCategory] = allocAttrs.get(categoryName);
    values[kAllocFor] = allocAttrs.get(allocForName);
    values[kResult] = allocAttrs.get(resultName);
    if (auto result = dyn_cast_or_null<IntegerAttr>(values[kResult]))
      resultOffsets[result.getInt()] = offset;
    values[kOffset] = i64Attr(offset);
    values[kBytes] = i64Attr(buffer.bytes);
    values[kLifetime] = b.getDenseI64ArrayAttr({buffer.start, buffer.end});
    values[kSlot] = i64Attr(slotOf[i]);
    SmallVector<NamedAttribute, std::size(names)> attrs;
    for (unsigned k : byName)
      if (values[k])
        attrs.push_back(NamedAttribute(names[k], values[k]));
    view->setDiscardableAttrs(DictionaryAttr::getWithSorted(ctx, attrs));
    alloc.getResult().replaceAllUsesWith(view->getResult(0));
    alloc.erase();
  }
  fn->setAttr(kArenaBytesAttr, b.getI64IntegerAttr(plan.arenaBytes));
  fn->setAttr(kArenaLowerBoundAttr,
              b.getI64IntegerAttr(liveBytesLowerBound(requests)));
  fn->setAttr(kPlannerAttr, b.getStringAttr(plan.strategy));
  if (!resultOffsets.empty()) {
    SmallVector<int64_t> pairs;
    for (auto [result, offset] : resultOffsets)
      pairs.append({result, offset});
    fn->setAttr(kArenaResultsAttr, b.getDenseI64ArrayAttr(pairs));
  }
}

} // namespace
