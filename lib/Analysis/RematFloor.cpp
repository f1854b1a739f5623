//===- RematFloor.cpp - What no recomputation can remove -------------------===//
//
// A lower bound of the live bytes at one program point over every
// recomputation policy (Echo's, mirror's, any other) that keeps the step's
// op order and kernels and never re-runs compute-heavy ops. If a policy's
// peak equals the bound at its own peak point, no policy beats it there.
//
// At the point, three kinds of bytes are unavoidable: values live there
// through forward or gradient uses (recomputation never shortens those),
// stashed values read right there, and, for stashed values read later,
// enough of the forward graph to rebuild them. The last is a minimum vertex
// cut between the outputs of ops that are never re-run and the values read
// later: every path from the former to the latter must cross a kept value
// (its stored size; a 1-bit mask when only a mask is read back) or one at
// hand anyway (arguments, values live there), so that recomputation finds
// all operands of every op it re-runs.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/MaxFlow.h"
#include "EchoDialect/Analysis/RematPeakModel.h"

using namespace mlir;
using namespace mlir::echo;

int64_t RematPeakModel::peakPoint() const {
  int64_t best = 0, bestBytes = profile.at(0);
  for (int64_t p = 1; p < profile.size(); ++p)
    if (int64_t bytes = profile.at(p); bytes > bestBytes) {
      best = p;
      bestBytes = bytes;
    }
  return best;
}

int64_t RematPeakModel::floorAt(
    int64_t point, llvm::function_ref<bool(Operation *)> recomputable) const {
  int64_t fixed = 0;
  // Stashed values read after `point`: what must stay rebuildable.
  SmallVector<Value> later;
  llvm::DenseSet<Value> liveAnyway;
  for (auto &[value, state] : values) {
    ValueState forwardOnly = state;
    forwardOnly.stashUses.clear();
    forwardOnly.regionUses.clear();
    bool live = forwardOnly.def <= point && point <= forwardOnly.end();
    // Read from its stash right here, unless the reader writes over it.
    bool readHere = llvm::is_contained(state.stashUses, point) &&
                    !llvm::is_contained(state.overwrittenAt, point);
    if (live || readHere) {
      fixed += live || !state.maskBytes ? state.bytes : state.maskBytes;
      liveAnyway.insert(value);
    } else if (!state.stashUses.empty() && state.stashUses.back() > point &&
               state.def < point) {
      later.push_back(value);
    }
  }
  if (later.empty())
    return fixed;

  // A value can be rebuilt when every path reaching it from an op that is
  // never re-run passes through something kept or at hand (arguments,
  // values live anyway). So the kept set is a vertex cut between those ops'
  // outputs (hung off the source) and the values read later (off the sink);
  // each value is an edge in -> out with its size as capacity.
  MaxFlow flow;
  int source = flow.addNode(), sink = flow.addNode();
  DenseMap<Value, int> outOf, inOf;
  SmallVector<Value> needOperands; // rebuildable, operand edges to add
  auto nodeOf = [&](Value v) -> int {
    if (auto it = outOf.find(v); it != outOf.end())
      return it->second;
    const ValueState *state = stateOf(v);
    Operation *def = v.getDefiningOp();
    if (!state || !def || liveAnyway.contains(v))
      return outOf[v] = flow.addNode(); // at hand: nothing flows from it
    int in = flow.addNode(), out = flow.addNode();
    outOf[v] = out;
    inOf[v] = in;
    flow.addEdge(in, out, state->bytes);
    if (recomputable(def))
      needOperands.push_back(v);
    else
      flow.addEdge(source, in, MaxFlow::kInfinite);
    return out;
  };
  for (Value v : later) {
    const ValueState *state = stateOf(v);
    int out = nodeOf(v);
    if (!state->maskBytes) {
      flow.addEdge(out, sink, MaxFlow::kInfinite);
      continue;
    }
    // Only a mask is read back: keeping the mask is enough (rebuilding it
    // still needs the value's sources).
    int mask = flow.addNode();
    flow.addEdge(out, mask, state->maskBytes);
    flow.addEdge(mask, sink, MaxFlow::kInfinite);
  }
  // Without recursion: forward chains can be as long as the step.
  while (!needOperands.empty()) {
    Value v = needOperands.pop_back_val();
    int in = inOf.lookup(v);
    for (Value operand : v.getDefiningOp()->getOperands())
      flow.addEdge(nodeOf(operand), in, MaxFlow::kInfinite);
  }
  return fixed + flow.run(source, sink);
}
