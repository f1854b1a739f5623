//===- BufferSlots.cpp - The lifetimes echo-buffer-assign plans -----------===//

#include "BufferSlots.h"

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoTypes.h"

#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace mlir;
using namespace mlir::echo;

std::optional<unsigned> BufferSlots::slotOfValue(Value value) const {
  auto it = bufferOfValue.find(value);
  if (it == bufferOfValue.end())
    return std::nullopt;
  return slotOf[it->second];
}

SmallVector<bool> BufferSlots::placedLast() const {
  SmallVector<bool> last(requests.size(), false);
  for (auto [buffer, slot] : llvm::zip_equal(buffers, slotOf))
    if (buffer.result)
      last[slot] = true;
  return last;
}

namespace {

/// A call that allows running in place, at its program point.
struct InPlaceCall {
  func::CallOp call;
  DenseI64ArrayAttr pairs;
  int64_t point;
};

} // namespace

FailureOr<BufferSlots> mlir::echo::collectBufferSlots(func::FuncOp fn,
                                                      bool inPlace,
                                                      int64_t alignment) {
  Block &block = fn.front();
  BufferSlots slots;

  // Lifetimes in one walk in program order: a buffer's program points run
  // from its alloc to the last op using it or one of its casts and views
  // (an op nested in the block's ops counts at its top-level op). Values
  // are defined before they are used, so every alias is known by the time
  // its users come.
  SmallVector<PlannedBuffer> candidates;
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
      PlannedBuffer &buffer = candidates[index];
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
      candidates.push_back({alloc, getStorageBytes(alloc.getType()), point,
                            point, INT64_MAX,
                            alloc->hasAttr(kArenaResultAttr)});
      escapes.push_back(false);
    } else if (auto call = dyn_cast<func::CallOp>(op); call && inPlace) {
      if (auto pairs = call->getAttrOfType<DenseI64ArrayAttr>(kInPlaceCallAttr))
        inPlaceCalls.push_back({call, pairs, point});
    }
    ++point;
  }
  slots.points = point;
  int64_t terminator = point - 1;

  // The buffers that stay inside, in block order.
  SmallVector<PlannedBuffer> &buffers = slots.buffers;
  SmallVector<int> bufferOf(candidates.size(), -1);
  for (auto [index, candidate] : llvm::enumerate(candidates)) {
    if (escapes[index]) {
      if (!candidate.result)
        continue;
      candidate.alloc.emitOpError("holds a result of @")
          << fn.getSymName() << " in the arena but escapes the function";
      return failure();
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
  for (auto [value, candidate] : candidateOf)
    if (bufferOf[candidate] >= 0)
      slots.bufferOfValue[value] = unsigned(bufferOf[candidate]);

  // In-place reuse: a call's output takes the slot of an input whose
  // lifetime ends at that call, where the call's kInPlaceCallAttr allows it.
  llvm::EquivalenceClasses<unsigned> classes;
  for (unsigned i = 0; i < buffers.size(); ++i)
    classes.insert(i);
  SmallVector<int64_t> slotEnd;
  for (const PlannedBuffer &b : buffers)
    slotEnd.push_back(b.end);
  auto plannedOf = [&](Value v) -> std::optional<unsigned> {
    auto it = slots.bufferOfValue.find(v);
    if (it == slots.bufferOfValue.end())
      return std::nullopt;
    return it->second;
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
      unsigned leader = classes.getLeaderValue(ia);
      // The output must hold nothing before this call (its first use is
      // the call), and the input must die here.
      if (ia == ib || classes.getLeaderValue(ib) != ib ||
          buffers[ia].bytes != buffers[ib].bytes ||
          buffers[ib].firstUse != at || slotEnd[leader] != at)
        continue;
      // b's own lifetime starts before the call (its alloc precedes it);
      // from the call on it lives in a's slot.
      classes.unionSets(ia, ib);
      unsigned merged = classes.getLeaderValue(ia);
      slotEnd[merged] = std::max(slotEnd[leader], buffers[ib].end);
    }
  }

  // One request per slot.
  slots.slotOf.resize(buffers.size());
  DenseMap<unsigned, unsigned> requestOfLeader;
  for (unsigned i = 0; i < buffers.size(); ++i) {
    unsigned leader = classes.getLeaderValue(i);
    auto [it, inserted] =
        requestOfLeader.try_emplace(leader, slots.requests.size());
    if (inserted)
      slots.requests.push_back(
          {buffers[i].bytes, alignment, buffers[i].start, buffers[i].end});
    BufferRequest &r = slots.requests[it->second];
    r.start = std::min(r.start, buffers[i].start);
    r.end = std::max(r.end, buffers[i].end);
    slots.slotOf[i] = it->second;
  }
  return slots;
}
