//===- RematMilpGraph.cpp - The peak model's problem without IR ------------===//
//
// The values a set of subgraphs decides (theirs and those their ops read),
// with the state the peak model keeps for each, and the rest of the
// profile as a constant base: RematMilp.h's evaluate() of "recompute
// nothing" on it is the model's current peak.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Analysis/RematPeakModel.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::echo;

RematPeakModel::MilpGraph RematPeakModel::milpGraph(
    ArrayRef<SmallVector<Operation *>> subgraphs, bool wholeOps) const {
  // Values decided (with their group) and values read by them.
  DenseMap<Value, int> groupOf;
  llvm::SetVector<Value> chosen;
  for (auto [g, subgraph] : llvm::enumerate(subgraphs))
    for (Operation *op : subgraph) {
      // Ops with several results are kept, or with wholeOps decided
      // whole (every result must be modeled).
      bool decided = op->getNumResults() == 1 ||
                     (wholeOps && llvm::all_of(op->getResults(), [&](Value r) {
                        return stateOf(r) != nullptr;
                      }));
      for (Value result : op->getResults())
        if (stateOf(result)) {
          chosen.insert(result);
          if (decided)
            groupOf[result] = int(g);
        }
      for (Value operand : op->getOperands())
        if (stateOf(operand))
          chosen.insert(operand);
    }
  SmallVector<Value> order(chosen.begin(), chosen.end());
  llvm::stable_sort(order, [&](Value a, Value b) {
    const ValueState *sa = stateOf(a), *sb = stateOf(b);
    if (sa->def != sb->def)
      return sa->def < sb->def;
    return cast<OpResult>(a).getResultNumber() <
           cast<OpResult>(b).getResultNumber();
  });
  DenseMap<Value, int> nodeOf;
  for (auto [i, v] : llvm::enumerate(order))
    nodeOf[v] = int(i);

  MilpGraph result;
  RematGraph &graph = result.graph;
  std::vector<int64_t> delta(profile.size() + 1, 0);
  for (Value v : order) {
    const ValueState &state = *stateOf(v);
    RematGraph::Node node;
    node.def = state.def;
    node.forwardEnd = state.forwardEnd;
    node.bytes = state.bytes;
    node.maskBytes = state.maskBytes;
    node.regionBytes = state.regionBytes;
    Operation *def = v.getDefiningOp();
    unsigned resultNumber = cast<OpResult>(v).getResultNumber();
    if (auto cost = dyn_cast<CostOpInterface>(def); cost && resultNumber == 0)
      node.flops = cost.getFlops();
    auto g = groupOf.find(v);
    node.group = g == groupOf.end() ? -1 : g->second;
    if (node.group >= 0 && resultNumber > 0)
      node.sameOp = nodeOf.lookup(def->getResult(0));
    node.stashUses.assign(state.stashUses.begin(), state.stashUses.end());
    node.fixedRegionUses.assign(state.regionUses.begin(),
                                state.regionUses.end());
    node.overwrittenAt.assign(state.overwrittenAt.begin(),
                              state.overwrittenAt.end());
    if (node.group >= 0) {
      // Operands read by a recomputed op, with whether it may write over
      // them (any of its uses; and the one a region's temporary dies at,
      // the last of its uses as the model walks them).
      llvm::MapVector<int, RematGraph::Operand> operands;
      for (OpOperand &use : def->getOpOperands()) {
        auto it = nodeOf.find(use.get());
        if (it == nodeOf.end())
          continue;
        RematGraph::Operand &o = operands[it->second];
        o.node = it->second;
        o.overwrites |= mayOverwrite(def, use);
      }
      for (auto &[n, o] : operands) {
        for (OpOperand &use : order[n].getUses())
          if (use.getOwner() == def)
            o.lastOverwrites = mayOverwrite(def, use);
        node.operands.push_back(o);
      }
    }
    // Its intervals leave the base.
    for (const auto &[start, end, bytes] : state.intervals()) {
      int64_t s = std::max<int64_t>(start, 0),
              e = std::min<int64_t>(end, profile.size() - 1);
      if (bytes && s <= e) {
        delta[s] += bytes;
        delta[e + 1] -= bytes;
      }
    }
    graph.nodes.push_back(std::move(node));
    result.defs.push_back(def);
  }
  graph.base.resize(profile.size());
  int64_t live = 0;
  for (int64_t p = 0; p < profile.size(); ++p) {
    live += delta[p];
    graph.base[p] = profile.at(p) - live;
  }
  return result;
}
