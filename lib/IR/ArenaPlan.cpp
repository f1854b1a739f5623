//===- ArenaPlan.cpp - echo-buffer-assign's plan, read from the IR --------===//

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/Core/BufferPlanner.h"
#include "EchoDialect/IR/EchoAttrNames.h"

#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace mlir::echo;

ArenaPlanAttr mlir::echo::getArenaPlanAttr(Operation *fn) {
  return fn ? fn->getAttrOfType<ArenaPlanAttr>(kArenaPlanAttr)
            : ArenaPlanAttr();
}

std::optional<ArenaPlan> mlir::echo::getArenaPlan(Operation *fn) {
  ArenaPlanAttr arena = getArenaPlanAttr(fn);
  if (!arena)
    return std::nullopt;
  ArenaPlan plan{arena, {}};
  fn->walk([&](Operation *op) {
    if (auto slice = op->getAttrOfType<SliceAttr>(kSliceAttr))
      plan.slices.push_back({op, slice});
  });
  return plan;
}

void mlir::echo::setArenaPlan(Operation *fn, ArenaPlanAttr plan) {
  fn->setAttr(kArenaPlanAttr, plan);
}

void mlir::echo::setSlice(Operation *view, SliceAttr slice) {
  view->setAttr(kSliceAttr, slice);
}

LogicalResult mlir::echo::verifyArenaPlan(Operation *fn, ArenaPlanAttr arena) {
  std::optional<ArenaPlan> plan = getArenaPlan(fn);
  // Slots, in the planner core's terms: one request per slot, spanning its
  // views' lifetimes, at their common offset.
  std::map<int64_t, BufferRequest> requestOfSlot;
  std::map<int64_t, int64_t> offsetOfSlot;
  for (const ArenaSlice &s : plan->slices) {
    SliceAttr slice = s.slice;
    auto error = [&] {
      return s.view->emitOpError() << "has " << slice << " ";
    };
    if (slice.getOffset() + slice.getBytes() > arena.getBytes())
      return error() << "past the end of its arena (" << arena.getBytes()
                     << " bytes)";
    // memref.view(arena, byte_shift): the shift the lowering uses is the
    // slice's offset.
    APInt shift;
    if (s.view->getName().getStringRef() == "memref.view" &&
        s.view->getNumOperands() >= 2 &&
        matchPattern(s.view->getOperand(1), m_ConstantInt(&shift)) &&
        shift.getSExtValue() != slice.getOffset())
      return error() << "but views the arena at byte " << shift.getSExtValue();
    auto [offset, fresh] =
        offsetOfSlot.try_emplace(slice.getSlot(), slice.getOffset());
    if (!fresh && offset->second != slice.getOffset())
      return error() << "but slot " << slice.getSlot() << " is at offset "
                     << offset->second;
    auto [request, added] = requestOfSlot.try_emplace(
        slice.getSlot(), BufferRequest{slice.getBytes(), 1, slice.getFirst(),
                                       slice.getLast()});
    if (!added) {
      request->second.size = std::max(request->second.size, slice.getBytes());
      request->second.start = std::min(request->second.start, slice.getFirst());
      request->second.end = std::max(request->second.end, slice.getLast());
    }
  }
  std::vector<BufferRequest> requests;
  BufferPlan placed;
  placed.arenaBytes = arena.getBytes();
  for (auto &[slot, request] : requestOfSlot) {
    requests.push_back(request);
    placed.offsets.push_back(offsetOfSlot[slot]);
  }
  std::string problem = verifyPlan(requests, placed);
  if (!problem.empty())
    return fn->emitOpError() << "has an invalid " << arena << ": " << problem
                             << " (buffer k: the k-th slot by number)";
  return success();
}
