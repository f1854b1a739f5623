//===- RematStashEstimate.cpp - Echo's reuse-aware stash estimate ----------===//

#include "EchoDialect/Analysis/RematStashEstimate.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::echo;

static int64_t bytesOf(Value v) { return getStorageBytes(v.getType()); }

int64_t RematStashEstimate::stashBytes(ArrayRef<Operation *> subgraph,
                                       const OpSet &path) const {
  // A set of values, so a tensor shared by many ops counts once (reuse);
  // each marked exact when the path reads it (recomputation needs every
  // bit), else it may be kept as the backward needs it (a 1-bit mask).
  llvm::SmallDenseMap<Value, bool, 16> kept;
  auto keep = [&](Value v, bool exact) {
    if (!isa<BlockArgument>(v)) // arguments live for the whole step anyway
      kept[v] |= exact;
  };
  for (Operation *op : subgraph) {
    bool onPath = path.contains(op);
    // Inputs from off the path: kept if the path reads them, or if the
    // backward pass does (it needs them whatever is recomputed).
    for (Value in : op->getOperands())
      if (!path.contains(in.getDefiningOp()) &&
          (onPath || step.stashOf.count(in)))
        keep(in, onPath);
    if (onPath)
      continue;
    // Not recomputed: outputs read backward, or by the path, are kept.
    for (Value out : op->getResults()) {
      bool byPath = llvm::any_of(out.getUsers(), [&](Operation *user) {
        return path.contains(user);
      });
      if (byPath || step.stashOf.count(out))
        keep(out, byPath);
    }
  }
  OpSet members(subgraph.begin(), subgraph.end());
  int64_t bytes = 0;
  for (auto [v, exact] : kept)
    bytes += exact ? inputCost(v, members) : stashCost(v, members);
  return bytes;
}

int64_t RematStashEstimate::inputCost(Value v, const OpSet &members) const {
  int64_t full = chargeOf(v, members);
  int64_t encoded = encodedRegionInputBytes(v, plan);
  // Scaled like chargeOf when the value is shared with other subgraphs.
  return full * encoded / std::max<int64_t>(1, bytesOf(v));
}

int64_t RematStashEstimate::stashCost(Value v, const OpSet &members) const {
  auto it = step.stashOf.find(v);
  if (it == step.stashOf.end())
    return chargeOf(v, members);
  return std::min(chargeOf(v, members), encodedStashBytes(it->second, plan));
}

int64_t RematStashEstimate::chargeOf(Value v, const OpSet &members) const {
  // A value from outside the subgraph that other subgraphs consume too is
  // shared with them (Echo's use counts): charge this subgraph its share,
  // e.g. 1/T of the attention keys that T decoder steps read. Values the
  // backward pass reads anyway, and those made here, cost their full size.
  Operation *def = v.getDefiningOp();
  if (members.contains(def) || step.stashOf.count(v))
    return bytesOf(v);
  int64_t here = 0, everywhere = 0;
  for (Operation *user : v.getUsers()) {
    if (!step.isForward(user))
      continue;
    ++everywhere;
    here += members.contains(user);
  }
  return everywhere ? bytesOf(v) * here / everywhere : bytesOf(v);
}
