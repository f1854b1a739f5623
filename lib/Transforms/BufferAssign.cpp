//===- BufferAssign.cpp - Liveness-based placement in one arena -----------===//
//
// Turns the temporary buffers of a bufferized, straight-line function into
// views of one arena. Lifetimes come from program order (the function is one
// block), in-place reuse from the calls' echo.in_place pairs (the lowered
// form of InPlaceOpInterface), and offsets from the planner core
// (BufferPlanner.h).
//
//===----------------------------------------------------------------------===//

#include "BufferSlots.h"

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

struct BufferAssignPass : echo::impl::EchoBufferAssignBase<BufferAssignPass> {
  using Base::Base;

  void runOnOperation() override;
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
  FailureOr<BufferSlots> collected = collectBufferSlots(fn, inPlace, alignment);
  if (failed(collected))
    return signalPassFailure();
  SmallVector<PlannedBuffer> &buffers = collected->buffers;
  SmallVector<unsigned> &slotOf = collected->slotOf;
  std::vector<BufferRequest> &requests = collected->requests;
  if (buffers.empty())
    return;
  // Planned before (the training pipeline, then a lowering's own
  // echo-buffer-assign): with nothing new to place, the plan stands. New
  // buffers get a new arena that holds the old one as one buffer; the old
  // views' slices (offsets in the old arena, lifetimes in the old program
  // order) are no part of the new plan.
  if (getArenaPlanAttr(fn)) {
    if (llvm::all_of(buffers, [](const PlannedBuffer &buffer) {
          return getBufferCategory(buffer.alloc) == kCategoryArena;
        }))
      return;
    fn.walk([](Operation *op) { op->removeAttr(kSliceAttr); });
  }

  // Results kept in the arena live to the end of the step: the planner
  // also tries placing them after every temporary, into the gaps the
  // temporaries leave.
  BufferPlan plan = planBuffers(requests, collected->placedLast());
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
  bool keepsResults = llvm::any_of(
      buffers, [](const PlannedBuffer &buffer) { return buffer.result; });
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
