//===- RematMegatron.cpp - Megatron-LM's recomputation policies -----------===//

#include "EchoDialect/Analysis/RematMegatron.h"
#include "EchoDialect/IR/Parameters.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// Of the step's forward ops `ops` (program order), those that compute no
/// activation: they read only trainable arguments, constants and each other
/// (constants, fills, autocast's 16-bit copies of the weights). Not layers'
/// data, so no layer boundary.
llvm::DenseSet<Operation *> parameterLikeOps(const RematStep &step,
                                             ArrayRef<Operation *> ops) {
  auto isTrainable = [&](BlockArgument arg) {
    return arg.getOwner() == step.block && isTrainableArgument(arg);
  };
  llvm::DenseSet<Operation *> result;
  for (Operation *op : ops)
    if (llvm::all_of(op->getOperands(), [&](Value in) {
          if (auto arg = dyn_cast<BlockArgument>(in))
            return isTrainable(arg);
          return result.contains(in.getDefiningOp());
        }))
      result.insert(op);
  return result;
}

bool isParameterLike(const llvm::DenseSet<Operation *> &parameterLike,
                     Value v) {
  return !v.getDefiningOp() || parameterLike.contains(v.getDefiningOp());
}

/// Adds to `path` the parameter-like forward ops it reads (transitively)
/// whose results the backward does not read, so that each region re-creates
/// them instead of keeping them stashed for it all step (a causal mask
/// shared by every layer); those the backward reads stay stashed as in the
/// Baseline. Program order.
void withParameterLikeProducers(const RematStep &step,
                                const llvm::DenseSet<Operation *> &parameterLike,
                                SmallVector<Operation *> &path) {
  llvm::SetVector<Operation *> ops(path.begin(), path.end());
  for (size_t i = 0; i < ops.size(); ++i)
    for (Value in : ops[i]->getOperands()) {
      Operation *def = in.getDefiningOp();
      if (def && parameterLike.contains(def) &&
          RematPartition::isClonable(def) &&
          llvm::none_of(def->getResults(),
                        [&](Value r) { return step.stashOf.count(r); }))
        ops.insert(def);
    }
  path.assign(ops.begin(), ops.end());
  llvm::sort(path, [&](Operation *a, Operation *b) {
    return step.position.lookup(a) < step.position.lookup(b);
  });
}

/// The one operand of `op` that is not parameter-like (a mask or scale
/// passed in or built from constants), or null.
Value soleComputedOperand(const llvm::DenseSet<Operation *> &parameterLike,
                          Operation *op) {
  Value sole;
  for (Value in : op->getOperands()) {
    if (isParameterLike(parameterLike, in))
      continue;
    if (sole)
      return {};
    sole = in;
  }
  return sole;
}

/// forwardCuts over the step's forward ops `ops` (program order) and their
/// parameter-like subset.
SmallVector<Operation *>
cutsOf(const RematStep &step, ArrayRef<Operation *> ops,
       const llvm::DenseSet<Operation *> &parameterLike) {
  DenseMap<Operation *, int64_t> index;
  for (auto [i, op] : llvm::enumerate(ops))
    index[op] = int64_t(i);
  // Each counted value with its last forward reader: it crosses every point
  // from its definition up to just before that reader.
  SmallVector<Value> values;
  SmallVector<SmallVector<int64_t>> endingAt(ops.size());
  SmallVector<SmallVector<int64_t>> startingAt(ops.size());
  for (auto [i, op] : llvm::enumerate(ops)) {
    if (parameterLike.contains(op))
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

/// layerBoundaries over the step's forward ops `ops` (program order) and
/// their parameter-like subset.
SmallVector<Operation *>
boundariesOf(const RematStep &step, const RematPartition &partition,
             int64_t stride, ArrayRef<Operation *> ops,
             const llvm::DenseSet<Operation *> &parameterLike) {
  SmallVector<Operation *> cuts = cutsOf(step, ops, parameterLike);
  SmallVector<Operation *> boundaries;
  size_t next = 0; // first cut not yet before the op visited
  Operation *lastCut = nullptr;
  for (Operation *op : ops) {
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

} // namespace

SmallVector<Operation *> mlir::echo::forwardCuts(const RematStep &step) {
  SmallVector<Operation *> ops = forwardOps(step);
  return cutsOf(step, ops, parameterLikeOps(step, ops));
}

SmallVector<Operation *>
mlir::echo::layerBoundaries(const RematStep &step,
                            const RematPartition &partition, int64_t stride) {
  SmallVector<Operation *> ops = forwardOps(step);
  return boundariesOf(step, partition, stride, ops,
                      parameterLikeOps(step, ops));
}

std::vector<SmallVector<Operation *>>
mlir::echo::fullLayerPaths(const RematStep &step,
                           const RematPartition &partition, int64_t stride) {
  SmallVector<Operation *> ops = forwardOps(step);
  llvm::DenseSet<Operation *> parameterLike = parameterLikeOps(step, ops);
  SmallVector<Operation *> boundaries =
      boundariesOf(step, partition, stride, ops, parameterLike);
  std::vector<SmallVector<Operation *>> paths;
  if (boundaries.empty())
    return paths;
  // Layer k: the ops after boundary k-1 (or from the start) up to boundary
  // k; what follows the last boundary is not recomputed.
  size_t layer = 0;
  SmallVector<Operation *> path;
  for (Operation *op : ops) {
    if (layer == boundaries.size())
      break;
    if (op == boundaries[layer]) {
      withParameterLikeProducers(step, parameterLike, path);
      if (!path.empty())
        paths.push_back(std::move(path));
      path.clear();
      ++layer;
      continue;
    }
    if (RematPartition::isClonable(op) && !parameterLike.contains(op))
      path.push_back(op);
  }
  return paths;
}

std::vector<SmallVector<Operation *>>
mlir::echo::selectivePaths(const RematStep &step,
                           const RematPartition &partition) {
  std::vector<SmallVector<Operation *>> paths;
  SmallVector<Operation *> ops = forwardOps(step);
  llvm::DenseSet<Operation *> parameterLike = parameterLikeOps(step, ops);
  for (Operation *op : ops) {
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
      in = soleComputedOperand(parameterLike, def);
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
          soleComputedOperand(parameterLike, user) != out ||
          llvm::any_of(user->getResults().drop_front(), [&](Value r) {
            return llvm::any_of(r.getUsers(), [&](Operation *u) {
              return step.isForward(u); // dropout's mask: backward only
            });
          }))
        break;
      core.push_back(user);
      out = user->getResult(0);
    }
    withParameterLikeProducers(step, parameterLike, core);
    paths.push_back(std::move(core));
  }
  return paths;
}
