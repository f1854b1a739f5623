//===- RematPartition.cpp - Echo's subgraphs and their paths ---------------===//

#include "EchoDialect/Analysis/RematPartition.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::echo;

bool RematPartition::isHeavy(Operation *op) const {
  if (llvm::is_contained(heavyOps, op->getName().getStringRef().str()))
    return true;
  auto cost = dyn_cast<CostOpInterface>(op);
  return cost && cost.isComputeHeavy();
}

bool RematPartition::isClonable(Operation *op) {
  // Any dialect's op whose cost is declared (CostOpInterface) joins on the
  // same terms as echo's: a recompute region re-executes it, so it must be
  // free of side effects and hold no regions.
  return (isa_and_nonnull<EchoDialect>(op->getDialect()) ||
          isa<CostOpInterface>(op)) &&
         op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>) &&
         !isa<StashOp, EncodeOp, DecodeOp, OffloadOp, PrefetchOp>(op);
}

bool RematPartition::isRecomputable(Operation *op) const {
  return isClonable(op) && !isHeavy(op);
}

std::vector<SmallVector<Operation *>> RematPartition::withHeavyProducers(
    const RematStep &step, ArrayRef<SmallVector<Operation *>> subgraphs) const {
  llvm::DenseSet<Operation *> taken;
  std::vector<SmallVector<Operation *>> result;
  for (ArrayRef<Operation *> subgraph : subgraphs) {
    SmallVector<Operation *> extended(subgraph.begin(), subgraph.end());
    for (Operation *op : subgraph)
      for (Value in : op->getOperands()) {
        Operation *def = in.getDefiningOp();
        // One result: the MILP decides values, one per recomputed op.
        if (step.isForward(def) && isHeavy(def) && isClonable(def) &&
            def->getNumResults() == 1 && taken.insert(def).second)
          extended.push_back(def);
      }
    llvm::sort(extended, [&](Operation *a, Operation *b) {
      return step.position.lookup(a) < step.position.lookup(b);
    });
    result.push_back(std::move(extended));
  }
  return result;
}

std::vector<SmallVector<Operation *>>
RematPartition::subgraphs(const RematStep &step) const {
  // The loss is the value the seed's gradient flows into: start from the
  // producers of what the function returns that are forward ops.
  SmallVector<Operation *> heads;
  for (Value v : step.block->getTerminator()->getOperands())
    if (step.isForward(v.getDefiningOp()))
      heads.push_back(v.getDefiningOp());

  // Backward growth of a subgraph (blocked by heavy ops), resuming at the
  // heavy ops' inputs.
  llvm::DenseSet<Operation *> visited;
  std::vector<SmallVector<Operation *>> result;
  SmallVector<Operation *> worklist(heads.rbegin(), heads.rend());
  while (!worklist.empty()) {
    Operation *h = worklist.pop_back_val();
    if (!step.isForward(h) || visited.contains(h))
      continue;
    if (!isRecomputable(h)) {
      visited.insert(h);
      for (Value in : h->getOperands())
        worklist.push_back(in.getDefiningOp());
      continue;
    }
    SmallVector<Operation *> subgraph, grow{h};
    while (!grow.empty()) {
      Operation *w = grow.pop_back_val();
      if (!step.isForward(w) || visited.contains(w))
        continue;
      if (!isRecomputable(w)) {
        worklist.push_back(w); // next subgraph starts behind it
        continue;
      }
      visited.insert(w);
      subgraph.push_back(w);
      for (Value in : w->getOperands())
        grow.push_back(in.getDefiningOp());
    }
    llvm::sort(subgraph, [&](Operation *a, Operation *b) {
      return step.position.lookup(a) < step.position.lookup(b);
    });
    result.push_back(std::move(subgraph));
  }
  return result;
}

SmallVector<Operation *> mlir::echo::trimPath(const RematStashEstimate &estimate,
                                              ArrayRef<Operation *> subgraph) {
  // In program order (topological): only the op's own inputs and outputs
  // change status, so the change of stashBytes is computed locally from
  // how many path ops read each value.
  const RematStep &step = estimate.getStep();
  RematStashEstimate::OpSet path(subgraph.begin(), subgraph.end());
  RematStashEstimate::OpSet members(subgraph.begin(), subgraph.end());
  DenseMap<Value, int64_t> pathReaders;
  auto distinctOperands = [](Operation *op) {
    llvm::SmallSetVector<Value, 4> values(op->getOperands().begin(),
                                          op->getOperands().end());
    return values.takeVector();
  };
  for (Operation *op : subgraph)
    for (Value in : distinctOperands(op))
      ++pathReaders[in];
  for (Operation *op : subgraph) {
    int64_t allocated = 0, released = 0;
    // Its outputs must now be kept if the backward or the path reads them.
    for (Value out : op->getResults()) {
      if (pathReaders.lookup(out) > 0)
        allocated += estimate.inputCost(out, members);
      else if (step.stashOf.count(out))
        allocated += estimate.stashCost(out, members);
    }
    // Inputs only it read on the path, and the backward does not, go.
    SmallVector<Value> inputs = distinctOperands(op);
    // (One the backward reads anyway still costs what it needs there.)
    for (Value in : inputs)
      if (!isa<BlockArgument>(in) && !path.contains(in.getDefiningOp()) &&
          pathReaders.lookup(in) == 1)
        released += estimate.inputCost(in, members) -
                    (step.stashOf.count(in) ? estimate.stashCost(in, members)
                                            : 0);
    if (allocated > released)
      continue;
    path.erase(op);
    for (Value in : inputs)
      --pathReaders[in];
  }
  SmallVector<Operation *> kept;
  for (Operation *op : subgraph)
    if (path.contains(op))
      kept.push_back(op);
  return kept;
}
