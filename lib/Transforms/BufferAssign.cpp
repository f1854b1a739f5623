//===- BufferAssign.cpp - Liveness-based placement in one arena -----------===//
//
// Turns the temporary buffers of a bufferized, straight-line function into
// views of one arena. Lifetimes come from program order (the function is one
// block), in-place reuse from the calls' echo.in_place pairs (the lowered
// form of InPlaceOpInterface), and offsets from the planner core
// (BufferPlanner.h).
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/BufferPlanner.h"
#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/EquivalenceClasses.h"

#include <map>
#include <numeric>
#include <optional>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOBUFFERASSIGN
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

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

struct BufferAssignPass : echo::impl::EchoBufferAssignBase<BufferAssignPass> {
  using Base::Base;

  void runOnOperation() override;
};

/// A call that allows running in place, at its program point.
struct InPlaceCall {
  func::CallOp call;
  DenseI64ArrayAttr pairs;
  int64_t point;
};

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

  // Lifetimes in one walk in program order: a buffer's program points run
  // from its alloc to the last op using it or one of its casts and views
  // (an op nested in the block's ops counts at its top-level op). Values
  // are defined before they are used, so every alias is known by the time
  // its users come.
  SmallVector<Buffer> candidates;
  SmallVector<bool> escapes;
  // Alloc results and their casts and views, to the candidate they alias.
  DenseMap<Value, unsigned> candidateOf;
  SmallVector<InPlaceCall> inPlaceCalls;
  int64_t point = 0;
  auto visit = [&](Operation *user) {
    for (Value operand : user->getOperands()) {
      auto it = candidateOf.find(operand);
      if (it == candidateOf.end())
        continue;
      unsigned index = it->second;
      Buffer &buffer = candidates[index];
      // Returned or stored: it escapes the function.
      if (isa<func::ReturnOp, memref::StoreOp>(user))
        escapes[index] = true;
      bool alias = false;
      if (isa<memref::CastOp>(user)) {
        alias = true;
      } else if (auto view = dyn_cast<ViewLikeOpInterface>(user);
                 view && view.getViewSource() == operand) {
        alias = true;
      }
      buffer.end = std::max(buffer.end, point);
      if (!alias)
        buffer.firstUse = std::min(buffer.firstUse, point);
      else
        candidateOf[user->getResult(0)] = index;
    }
  };
  for (Operation &op : block) {
    if (op.getNumRegions() == 0)
      visit(&op);
    else
      op.walk<WalkOrder::PreOrder>(visit);
    // Buffers of integers or floats with static shapes and identity layouts.
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && alloc.getType().hasStaticShape() &&
        alloc.getType().getElementType().isIntOrFloat() &&
        alloc.getType().getLayout().isIdentity() &&
        !alloc.getType().getMemorySpace()) {
      candidateOf[alloc.getResult()] = candidates.size();
      candidates.push_back({alloc, getStorageBytes(alloc.getType()), point, point,
                            INT64_MAX, alloc->hasAttr(kArenaResultAttr)});
      escapes.push_back(false);
    } else if (auto call = dyn_cast<func::CallOp>(op); call && inPlace) {
      if (auto pairs = call->getAttrOfType<DenseI64ArrayAttr>(kInPlaceCallAttr))
        inPlaceCalls.push_back({call, pairs, point});
    }
    ++point;
  }
  int64_t terminator = point - 1;

  // The buffers that stay inside, in block order.
  SmallVector<Buffer> buffers;
  SmallVector<int> bufferOf(candidates.size(), -1);
  for (auto [index, candidate] : llvm::enumerate(candidates)) {
    if (escapes[index]) {
      if (!candidate.result)
        continue;
      candidate.alloc.emitOpError("holds a result of @")
          << fn.getSymName() << " in the arena but escapes the function";
      return signalPassFailure();
    }
    if (candidate.firstUse == INT64_MAX)
      candidate.firstUse = candidate.end;
    // A result lives from its first write to the end of the step, not to
    // its last use in it.
    if (candidate.result)
      candidate.end = terminator;
    bufferOf[index] = buffers.size();
    buffers.push_back(candidate);
  }
  if (buffers.empty())
    return;
  // Planned before (the training pipeline, then a lowering's own
  // echo-buffer-assign): with nothing new to place, the plan stands. New
  // buffers get a new arena that holds the old one as one buffer; the old
  // views' slices (offsets in the old arena, lifetimes in the old program
  // order) are no part of the new plan.
  if (getArenaPlanAttr(fn)) {
    if (llvm::all_of(buffers, [](const Buffer &buffer) {
          return getBufferCategory(buffer.alloc) == kCategoryArena;
        }))
      return;
    fn.walk([](Operation *op) { op->removeAttr(kSliceAttr); });
  }

  // In-place reuse: a call's output takes the slot of an input whose
  // lifetime ends at that call, where the call's kInPlaceCallAttr allows it.
  llvm::EquivalenceClasses<unsigned> slots;
  for (unsigned i = 0; i < buffers.size(); ++i)
    slots.insert(i);
  SmallVector<int64_t> slotEnd;
  for (const Buffer &b : buffers)
    slotEnd.push_back(b.end);
  // The planned buffer a value is (a cast or view of), if any.
  auto plannedOf = [&](Value v) -> std::optional<unsigned> {
    auto it = candidateOf.find(v);
    if (it == candidateOf.end() || bufferOf[it->second] < 0)
      return std::nullopt;
    return unsigned(bufferOf[it->second]);
  };
  for (auto [call, pairs, at] : inPlaceCalls) {
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
      std::optional<unsigned> a = plannedOf(tensors[in]),
                              b = plannedOf(tensors[out]);
      if (!a || !b)
        continue;
      unsigned ia = *a, ib = *b;
      unsigned leader = slots.getLeaderValue(ia);
      // The output must hold nothing before this call (its first use is
      // the call), and the input must die here.
      if (ia == ib || slots.getLeaderValue(ib) != ib ||
          buffers[ia].bytes != buffers[ib].bytes ||
          buffers[ib].firstUse != at || slotEnd[leader] != at)
        continue;
      // b's own lifetime starts before the call (its alloc precedes it);
      // from the call on it lives in a's slot.
      slots.unionSets(ia, ib);
      unsigned merged = slots.getLeaderValue(ia);
      slotEnd[merged] = std::max(slotEnd[leader], buffers[ib].end);
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
    setBufferCategory(alloc, kCategoryArena);
    alloc->setAttr(kAllocForAttr,
                   b.getStringAttr("the memory arena of @" + fn.getSymName()));
    arena = alloc.getResult();
  }
  std::map<int64_t, int64_t> resultOffsets;
  MLIRContext *ctx = &getContext();
  StringAttr categoryName = b.getStringAttr(kCategoryAttr),
             allocForName = b.getStringAttr(kAllocForAttr),
             resultName = b.getStringAttr(kArenaResultAttr),
             sliceName = b.getStringAttr(kSliceAttr);
  // A view's attributes, built sorted by name so that its dictionary is
  // uniqued without sorting (tens of thousands of views). The alloc's own
  // attributes that carry over are the first three.
  StringAttr names[] = {categoryName, allocForName, resultName, sliceName};
  enum { kCategory, kAllocFor, kResult, kSlice };
  SmallVector<unsigned> byName(std::size(names));
  std::iota(byName.begin(), byName.end(), 0);
  llvm::sort(byName, [&](unsigned x, unsigned y) {
    return names[x].strref() < names[y].strref();
  });
  DenseMap<int64_t, Value, SpreadInt64> shifts;
  Type indexType = b.getIndexType();
  OperationName constantName(arith::ConstantOp::getOperationName(), ctx),
      viewName(memref::ViewOp::getOperationName(), ctx);
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    memref::AllocOp alloc = buffer.alloc;
    b.setInsertionPoint(alloc);
    int64_t offset = plan.offsets[slotOf[i]];
    // One constant per offset, before the first view at it: buffers come in
    // block order, so it dominates the later ones.
    Value &shift = shifts[offset];
    if (!shift) {
      // The ops' builders, with their names looked up once.
      OperationState shiftState(alloc.getLoc(), constantName);
      arith::ConstantOp::build(b, shiftState, indexType,
                               b.getIndexAttr(offset));
      shift = b.create(shiftState)->getResult(0);
    }
    Attribute values[std::size(names)];
    values[kCategory] = alloc->getDiscardableAttr(categoryName);
    values[kAllocFor] = alloc->getDiscardableAttr(allocForName);
    values[kResult] = alloc->getDiscardableAttr(resultName);
    if (auto result = dyn_cast_or_null<IntegerAttr>(values[kResult]))
      resultOffsets[result.getInt()] = offset;
    values[kSlice] = SliceAttr::get(ctx, offset, buffer.bytes, buffer.start,
                                    buffer.end, slotOf[i]);
    SmallVector<NamedAttribute, std::size(names)> attrs;
    for (unsigned k : byName)
      if (values[k])
        attrs.push_back(NamedAttribute(names[k], values[k]));
    // memref.view has no properties: created from its operands, result
    // type and dictionary directly (an OperationState would copy and
    // re-check the attributes).
    static_assert(
        std::is_same_v<memref::ViewOp::Properties, EmptyProperties>,
        "memref.view gained properties: build it through OperationState");
    Value viewOperands[] = {arena, shift};
    Operation *view = Operation::create(
        alloc.getLoc(), viewName, TypeRange{alloc.getType()}, viewOperands,
        DictionaryAttr::getWithSorted(ctx, attrs), OpaqueProperties(nullptr),
        BlockRange{}, /*numRegions=*/0);
    b.insert(view);
    alloc.getResult().replaceAllUsesWith(view->getResult(0));
    alloc.erase();
  }
  setArenaPlan(fn, ArenaPlanAttr::get(ctx, plan.arenaBytes,
                                      liveBytesLowerBound(requests),
                                      plan.strategy));
  if (!resultOffsets.empty()) {
    SmallVector<int64_t> pairs;
    for (auto [result, offset] : resultOffsets)
      pairs.append({result, offset});
    fn->setAttr(kArenaResultsAttr, b.getDenseI64ArrayAttr(pairs));
  }
}

} // namespace
