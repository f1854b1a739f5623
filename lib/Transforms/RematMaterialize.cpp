//===- RematMaterialize.cpp - echo-remat's recompute regions ---------------===//
//
// A decision's groups become echo.recompute regions right before the first
// backward op that reads a stash they replace; the region inputs are
// stashed, the replaced stashes die.
//
//===----------------------------------------------------------------------===//

#include "RematDecision.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::echo;

void mlir::echo::materialize(RematStep &step, RematDecision &decision) {
  OpBuilder b(step.block->getParentOp()->getContext());
  for (const RematPeakModel::Group &group : decision.groups) {
    // Right before the first op that reads one of the stashes it replaces
    // (possibly another path's region).
    Operation *insertBefore = nullptr;
    SmallVector<std::pair<Value, StashOp>> replaced;
    for (Value v : group.yielded) {
      auto it = step.stashOf.find(v);
      if (it == step.stashOf.end())
        continue;
      replaced.push_back({v, it->second});
      for (Operation *user : it->second->getUsers()) {
        if (isa<RecomputeOp>(user))
          continue; // another path's input: it keeps reading the stash
        Operation *top = step.block->findAncestorOpInBlock(*user);
        if (!insertBefore || top->isBeforeInBlock(insertBefore))
          insertBefore = top;
      }
    }
    if (!insertBefore || group.body.empty())
      continue;

    // Region inputs: stashed unless arguments.
    SmallVector<Value> regionInputs;
    for (Value in : group.inputs) {
      if (isa<BlockArgument>(in)) {
        regionInputs.push_back(in);
        continue;
      }
      auto it = step.stashOf.find(in);
      if (it == step.stashOf.end()) {
        b.setInsertionPointAfter(in.getDefiningOp());
        auto stash = StashOp::create(b, in.getLoc(), in);
        it = step.stashOf.insert({in, stash}).first;
      }
      regionInputs.push_back(it->second);
    }

    b.setInsertionPoint(insertBefore);
    SmallVector<Type> resultTypes;
    for (auto &entry : replaced)
      resultTypes.push_back(entry.first.getType());
    auto region = RecomputeOp::create(b, group.body.front()->getLoc(),
                                      resultTypes, regionInputs);
    Block *entry = b.createBlock(&region.getBody());
    IRMapping mapping;
    for (Value in : group.inputs)
      mapping.map(in, entry->addArgument(in.getType(), in.getLoc()));
    for (Operation *op : group.body) {
      b.clone(*op, mapping);
      if (auto cost = dyn_cast<CostOpInterface>(op))
        decision.flops += cost.getFlops();
      ++decision.clonedOps;
    }
    SmallVector<Value> results;
    for (auto &entry : replaced)
      results.push_back(mapping.lookup(entry.first));
    YieldOp::create(b, region.getLoc(), results);
    ++decision.regions;

    // Backward ops read the recomputed values; the old stashes die unless
    // other paths' regions read them (the footprint model assumes so too).
    for (auto [entry, value] : llvm::zip(replaced, region.getResults())) {
      StashOp stash = entry.second;
      stash.getResult().replaceUsesWithIf(value, [&](OpOperand &use) {
        return !isa<RecomputeOp>(use.getOwner());
      });
      if (stash.getResult().use_empty()) {
        stash.erase();
        step.stashOf.erase(entry.first);
      }
    }
  }
}
