//===- RematMegatron.cpp - Megatron-LM's recomputation policies -----------===//

#include "EchoDialect/Analysis/RematMegatron.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

#include <set>

using namespace mlir;
using namespace mlir::echo;

namespace {

/// The step's forward ops in program order (RematStep::forward is a set).
SmallVector<Operation *> forwardOps(const RematStep &step) {
  SmallVector<Operation *> ops;
  for (Operation &op : *step.block)
    if (step.isForward(&op))
      ops.push_back(&op);
  return ops;
}

/// A value any region may re-create: the result of an op without operands.
bool isOperandFree(Value v) {
  Operation *def = v.getDefiningOp();
  return def && def->getNumOperands() == 0;
}

/// Adds to `path` the operand-free forward ops its ops read, so that each
/// region re-creates them instead of keeping them stashed all step (a
/// causal mask shared by every layer). Program order.
void withOperandFreeProducers(const RematStep &step,
                              SmallVector<Operation *> &path) {
  llvm::SetVector<Operation *> ops(path.begin(), path.end());
  for (Operation *op : path)
    for (Value in : op->getOperands())
      if (isOperandFree(in) && step.isForward(in.getDefiningOp()) &&
          RematPartition::isClonable(in.getDefiningOp()))
        ops.insert(in.getDefiningOp());
  path.assign(ops.begin(), ops.end());
  llvm::sort(path, [&](Operation *a, Operation *b) {
    return step.position.lookup(a) < step.position.lookup(b);
  });
}

/// The one operand of `op` that is not operand-free (a block argument
/// counts as constant too: a mask or scale passed in), or null.
Value soleComputedOperand(Operation *op) {
  Value sole;
  for (Value in : op->getOperands()) {
    if (!in.getDefiningOp() || isOperandFree(in))
      continue;
    if (sole)
      return {};
    sole = in;
  }
  return sole;
}

} // namespace

SmallVector<Operation *> mlir::echo::forwardCuts(const RematStep &step) {
  SmallVector<Operation *> ops = forwardOps(step);
  DenseMap<Operation *, int64_t> index;
  for (auto [i, op] : llvm::enumerate(ops))
    index[op] = int64_t(i);
  // Each counted value with its last forward reader: it crosses every point
  // from its definition up to just before that reader.
  SmallVector<Value> values;
  SmallVector<SmallVector<int64_t>> endingAt(ops.size());
  SmallVector<SmallVector<int64_t>> startingAt(ops.size());
  for (auto [i, op] : llvm::enumerate(ops)) {
    if (op->getNumOperands() == 0)
      continue;
    for (Value r : op->getResults()) {
      int64_t last = -1;
      for (Operation *user : r.getUsers()) {
        Operation *top = step.block->findAncestorOpInBlock(*user);
        auto it = index.find(top);
        if (it != index.end())
          last = std::max(last, it->second);
      }
      if (last <= int64_t(i))
        continue;
      startingAt[i].push_back(int64_t(values.size()));
      endingAt[last].push_back(int64_t(values.size()));
      values.push_back(r);
    }
  }
  SmallVector<Operation *> cuts;
  std::set<int64_t> live;
  for (size_t i = 0; i < ops.size(); ++i) {
    for (int64_t v : endingAt[i])
      live.erase(v);
    for (int64_t v : startingAt[i])
      live.insert(v);
    if (live.size() != 1)
      continue;
    Operation *def = values[*live.begin()].getDefiningOp();
    if (cuts.empty() || cuts.back() != def)
      cuts.push_back(def);
  }
  return cuts;
}

SmallVector<Operation *>
mlir::echo::layerBoundaries(const RematStep &step,
                            const RematPartition &partition, int64_t stride) {
  SmallVector<Operation *> cuts = forwardCuts(step);
  SmallVector<Operation *> boundaries;
  size_t next = 0; // first cut not yet before the op visited
  Operation *lastCut = nullptr;
  for (Operation *op : forwardOps(step)) {
    int64_t at = step.position.lookup(op);
    while (next < cuts.size() && step.position.lookup(cuts[next]) < at)
      lastCut = cuts[next++];
    if (lastCut && partition.isHeavy(op) &&
        (boundaries.empty() || boundaries.back() != lastCut))
      boundaries.push_back(lastCut);
  }
  SmallVector<Operation *> strided;
  for (size_t i = 0; i < boundaries.size(); i += size_t(std::max<int64_t>(stride, 1)))
    strided.push_back(boundaries[i]);
  return strided;
}

std::vector<SmallVector<Operation *>>
mlir::echo::fullLayerPaths(const RematStep &step,
                           const RematPartition &partition, int64_t stride) {
  SmallVector<Operation *> boundaries =
      layerBoundaries(step, partition, stride);
  std::vector<SmallVector<Operation *>> paths;
  if (boundaries.empty())
    return paths;
  // Layer k: the ops after boundary k-1 (or from the start) up to boundary
  // k; what follows the last boundary is not recomputed.
  size_t layer = 0;
  SmallVector<Operation *> path;
  for (Operation *op : forwardOps(step)) {
    if (layer == boundaries.size())
      break;
    if (op == boundaries[layer]) {
      withOperandFreeProducers(step, path);
      if (!path.empty())
        paths.push_back(std::move(path));
      path.clear();
      ++layer;
      continue;
    }
    if (RematPartition::isClonable(op) && op->getNumOperands() > 0)
      path.push_back(op);
  }
  return paths;
}

std::vector<SmallVector<Operation *>>
mlir::echo::selectivePaths(const RematStep &step,
                           const RematPartition &partition) {
  std::vector<SmallVector<Operation *>> paths;
  for (Operation *op : forwardOps(step)) {
    auto softmax = dyn_cast<SoftmaxOp>(op);
    if (!softmax)
      continue;
    SmallVector<Operation *> core{op};
    // Up to the scores' batch_matmul through light ops (scale, mask).
    bool fromScores = false;
    Value in = softmax->getOperand(0);
    while (Operation *def = in.getDefiningOp()) {
      if (!step.isForward(def) || !RematPartition::isClonable(def))
        break;
      if (isa<BatchMatmulOp>(def)) {
        core.push_back(def);
        fromScores = true;
        break;
      }
      if (!partition.isRecomputable(def) || def->getNumResults() != 1)
        break;
      core.push_back(def);
      in = soleComputedOperand(def);
      if (!in)
        break;
    }
    if (!fromScores)
      continue;
    // Down through the light ops that read the probabilities alone
    // (dropout), to the next heavy op.
    Value out = softmax->getResult(0);
    while (true) {
      Operation *user = nullptr;
      int64_t readers = 0;
      for (Operation *u : out.getUsers())
        if (!isa<StashOp>(u)) {
          user = u;
          ++readers;
        }
      if (readers != 1 || !step.isForward(user) ||
          !partition.isRecomputable(user) ||
          soleComputedOperand(user) != out ||
          llvm::any_of(user->getResults().drop_front(), [&](Value r) {
            return llvm::any_of(r.getUsers(), [&](Operation *u) {
              return step.isForward(u); // dropout's mask: backward only
            });
          }))
        break;
      core.push_back(user);
      out = user->getResult(0);
    }
    withOperandFreeProducers(step, core);
    paths.push_back(std::move(core));
  }
  return paths;
}
