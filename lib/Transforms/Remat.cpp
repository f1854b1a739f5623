//===- Remat.cpp - Echo's selective recomputation --------------------------===//
//
// Partitions the forward pass at compute-heavy ops, trims each subgraph's
// recomputation path with a reuse-aware estimate of the bytes it must
// stash, and materializes each path as one echo.recompute region before the
// backward ops that need it. See Passes.td and docs/echo.md.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Analysis/MemoryCategories.h"
#include "EchoDialect/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOREMAT
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

int64_t bytesOf(Value v) { return getStorageBytes(v.getType()); }

/// The straight-line training step, indexed for the analysis.
struct Step {
  Block *block = nullptr;
  DenseMap<Operation *, int64_t> position;
  /// Forward ops (before the loss seed), stashes excluded.
  llvm::DenseSet<Operation *> forward;
  /// For each forward value read by the backward pass: its stash.
  DenseMap<Value, StashOp> stashOf;

  bool isForward(Operation *op) const { return op && forward.contains(op); }
};

/// One subgraph's decision.
struct Decision {
  SmallVector<Operation *> subgraph; // program order
  SmallVector<Operation *> path;     // recomputed ops, program order
  int64_t released = 0, allocated = 0;
  // Filled in by materialize: what the regions really re-execute.
  int64_t flops = 0, clonedOps = 0, regions = 0;
};

struct RematPass : echo::impl::EchoRematBase<RematPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  bool isHeavy(Operation *op) const;
  bool isRecomputable(Operation *op) const;
  /// Bytes the subgraph must keep for the backward pass if `path` is
  /// recomputed and the rest of `subgraph` is not.
  int64_t stashBytes(const Step &step, ArrayRef<Operation *> subgraph,
                     const llvm::DenseSet<Operation *> &path) const;
  /// What keeping `v` costs the subgraph made of `members`.
  int64_t chargeOf(const Step &step, Value v,
                   const llvm::DenseSet<Operation *> &members) const;
  Decision decide(const Step &step, ArrayRef<Operation *> subgraph) const;
  void materialize(Step &step, Decision &decision);
};

bool RematPass::isHeavy(Operation *op) const {
  if (llvm::is_contained(heavyOps, op->getName().getStringRef().str()))
    return true;
  auto cost = dyn_cast<CostOpInterface>(op);
  return cost && cost.isComputeHeavy();
}

bool RematPass::isRecomputable(Operation *op) const {
  return isa_and_nonnull<EchoDialect>(op->getDialect()) &&
         op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         !isa<StashOp, EncodeOp, DecodeOp, OffloadOp, PrefetchOp>(op) &&
         !isHeavy(op);
}

int64_t RematPass::stashBytes(const Step &step, ArrayRef<Operation *> subgraph,
                              const llvm::DenseSet<Operation *> &path) const {
  // A set of values, so a tensor shared by many ops counts once (reuse).
  llvm::SmallDenseSet<Value, 16> kept;
  auto keep = [&](Value v) {
    if (!isa<BlockArgument>(v)) // arguments live for the whole step anyway
      kept.insert(v);
  };
  for (Operation *op : subgraph) {
    bool onPath = path.contains(op);
    // Inputs from off the path: kept if the path reads them, or if the
    // backward pass does (it needs them whatever is recomputed).
    for (Value in : op->getOperands())
      if (!path.contains(in.getDefiningOp()) &&
          (onPath || step.stashOf.count(in)))
        keep(in);
    if (onPath)
      continue;
    // Not recomputed: outputs read backward, or by the path, are kept.
    for (Value out : op->getResults()) {
      bool needed = step.stashOf.count(out) ||
                    llvm::any_of(out.getUsers(), [&](Operation *user) {
                      return path.contains(user);
                    });
      if (needed)
        keep(out);
    }
  }
  llvm::DenseSet<Operation *> members(subgraph.begin(), subgraph.end());
  int64_t bytes = 0;
  for (Value v : kept)
    bytes += chargeOf(step, v, members);
  return bytes;
}

int64_t RematPass::chargeOf(const Step &step, Value v,
                            const llvm::DenseSet<Operation *> &members) const {
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

Decision RematPass::decide(const Step &step,
                           ArrayRef<Operation *> subgraph) const {
  llvm::DenseSet<Operation *> path(subgraph.begin(), subgraph.end());
  if (policy == "echo") {
    // Forward trimming in program order (topological): drop an op when the
    // storage its removal releases is at least what it forces to keep.
    // Only the op's own inputs and outputs change status, so the change of
    // stashBytes is computed locally from how many path ops read each value.
    llvm::DenseSet<Operation *> members(subgraph.begin(), subgraph.end());
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
      for (Value out : op->getResults())
        if (step.stashOf.count(out) || pathReaders.lookup(out) > 0)
          allocated += chargeOf(step, out, members);
      // Inputs only it read on the path, and the backward does not, go.
      SmallVector<Value> inputs = distinctOperands(op);
      for (Value in : inputs)
        if (!isa<BlockArgument>(in) && !path.contains(in.getDefiningOp()) &&
            pathReaders.lookup(in) == 1 && !step.stashOf.count(in))
          released += chargeOf(step, in, members);
      if (allocated > released)
        continue;
      path.erase(op);
      for (Value in : inputs)
        --pathReaders[in];
    }
  }
  Decision d;
  d.subgraph.assign(subgraph.begin(), subgraph.end());
  for (Operation *op : subgraph)
    if (path.contains(op))
      d.path.push_back(op);
  llvm::DenseSet<Operation *> none;
  d.released = stashBytes(step, subgraph, none);
  d.allocated = stashBytes(step, subgraph, path);
  return d;
}

void RematPass::materialize(Step &step, Decision &decision) {
  llvm::SetVector<Operation *> path(decision.path.begin(), decision.path.end());
  // Values of the path the backward pass reads, grouped by the backward op
  // that reads them first: one region per group, right before that op, so
  // recomputed values live no longer than stashed ones would.
  llvm::MapVector<Operation *, std::pair<Operation *, SmallVector<Value>>>
      groups;
  for (Operation *op : path)
    for (Value out : op->getResults()) {
      auto it = step.stashOf.find(out);
      if (it == step.stashOf.end())
        continue;
      Operation *first = nullptr;
      for (Operation *user : it->second->getUsers())
        if (!first || user->isBeforeInBlock(first))
          first = user;
      if (!first)
        continue;
      auto &group = groups[first];
      group.first = first;
      group.second.push_back(out);
    }

  // Mirror recomputes each op once per subgraph, as MXNet's mirror does:
  // one region before the first backward use of any of its values.
  if (policy == "mirror" && groups.size() > 1) {
    Operation *first = nullptr;
    SmallVector<Value> all;
    for (auto &[key, group] : groups) {
      if (!first || group.first->isBeforeInBlock(first))
        first = group.first;
      all.append(group.second.begin(), group.second.end());
    }
    groups.clear();
    groups[first] = {first, all};
  }

  OpBuilder b(&getContext());
  decision.path.clear();
  llvm::DenseSet<Operation *> recomputed;
  for (auto &[pos, group] : groups) {
    auto &[insertBefore, yielded] = group;
    // The ops these values depend on within the path.
    llvm::DenseSet<Operation *> needed;
    SmallVector<Operation *> worklist;
    for (Value v : yielded)
      worklist.push_back(v.getDefiningOp());
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (!path.contains(op) || !needed.insert(op).second)
        continue;
      for (Value in : op->getOperands())
        if (Operation *def = in.getDefiningOp())
          worklist.push_back(def);
    }
    SmallVector<Operation *> body;
    for (Operation *op : path)
      if (needed.contains(op))
        body.push_back(op);

    // Region inputs: values from outside the body, stashed unless arguments.
    llvm::SetVector<Value> inputs;
    for (Operation *op : body)
      for (Value in : op->getOperands())
        if (!needed.contains(in.getDefiningOp()))
          inputs.insert(in);
    SmallVector<Value> regionInputs;
    for (Value in : inputs) {
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
    for (Value v : yielded)
      resultTypes.push_back(v.getType());
    auto region = RecomputeOp::create(b, body.front()->getLoc(), resultTypes,
                                      regionInputs);
    Block *entry = b.createBlock(&region.getBody());
    IRMapping mapping;
    for (Value in : inputs)
      mapping.map(in, entry->addArgument(in.getType(), in.getLoc()));
    for (Operation *op : body) {
      b.clone(*op, mapping);
      recomputed.insert(op);
      if (auto cost = dyn_cast<CostOpInterface>(op))
        decision.flops += cost.getFlops();
      ++decision.clonedOps;
    }
    SmallVector<Value> results;
    for (Value v : yielded)
      results.push_back(mapping.lookup(v));
    YieldOp::create(b, region.getLoc(), results);
    ++decision.regions;

    // Backward ops read the recomputed values; the old stashes die.
    for (auto [v, value] : llvm::zip(yielded, region.getResults())) {
      StashOp stash = step.stashOf[v];
      stash.getResult().replaceAllUsesWith(value);
      stash.erase();
      step.stashOf.erase(v);
    }
  }
  for (Operation *op : path)
    if (recomputed.contains(op))
      decision.path.push_back(op);
}

void RematPass::runOnOperation() {
  if (policy != "echo" && policy != "mirror") {
    getOperation().emitError("echo-remat: unknown policy '")
        << policy << "' (expected echo or mirror)";
    return signalPassFailure();
  }
  func::FuncOp fn = getOperation();
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return;
  Step step;
  step.block = &fn.front();
  Operation *seed = nullptr;
  int64_t index = 0;
  for (Operation &op : *step.block) {
    step.position[&op] = index++;
    if (op.hasAttr(kLossSeedAttr))
      seed = &op;
  }
  if (!seed)
    return; // not a training step built by echo-autodiff: nothing to do
  for (Operation &op : *step.block) {
    if (&op == seed)
      break;
    if (auto stash = dyn_cast<StashOp>(op))
      step.stashOf[stash.getInput()] = stash;
    else
      step.forward.insert(&op);
  }

  // The loss is the value the seed's gradient flows into: start from the
  // producers of what the function returns that are forward ops.
  SmallVector<Operation *> heads;
  for (Value v : step.block->getTerminator()->getOperands())
    if (step.isForward(v.getDefiningOp()))
      heads.push_back(v.getDefiningOp());

  // Algorithm 1: alternate backward growth of a subgraph (blocked by heavy
  // ops) with its forward trimming, resuming at the heavy ops' inputs.
  llvm::DenseSet<Operation *> visited;
  SmallVector<Decision> decisions;
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
    decisions.push_back(decide(step, subgraph));
  }

  for (Decision &d : decisions) {
    // Echo only applies decisions that save memory; mirror recomputes anyway.
    bool apply = !d.path.empty() &&
                 (policy == "mirror" || d.allocated < d.released);
    Operation *first = d.subgraph.front();
    if (apply)
      materialize(step, d);
    if (remarks) {
      if (d.regions)
        first->emitRemark() << "echo-remat: recompute " << d.clonedOps
                            << " ops in " << d.regions << " region(s) ("
                            << d.flops << " FLOPs); stashed bytes "
                            << d.released << " -> " << d.allocated;
      else
        first->emitRemark() << "echo-remat: no recomputation for "
                            << d.subgraph.size() << " ops; stashed bytes "
                            << d.released << " kept";
    }
  }
}

} // namespace
