//===- Remat.cpp - Echo's selective recomputation --------------------------===//
//
// Partitions the forward pass at compute-heavy ops, trims each subgraph's
// recomputation path with a reuse-aware estimate of the bytes it must
// stash, and materializes each path as one echo.recompute region before the
// backward ops that need it. Every decision is checked against the step's
// modeled peak (RematPeakModel.h): one that raises it is reverted, and a
// path is placed in a single region where that costs no peak. See
// Passes.td and docs/echo.md.
//
//===----------------------------------------------------------------------===//

#include "RematPeakModel.h"
#include "StashEncoder.h"

#include "EchoDialect/Analysis/MemoryCategories.h"
#include "EchoDialect/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"

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

using Step = RematStep;

/// One subgraph's decision.
struct Decision {
  SmallVector<Operation *> subgraph; // program order
  SmallVector<Operation *> path;     // recomputed ops, program order
  int64_t released = 0, allocated = 0;
  /// Echo's trimmed path and its estimate, whether applied or not.
  SmallVector<Operation *> trimmed;
  int64_t trimmedEstimate = 0;
  /// The regions chosen for the path, and their effect on the model.
  RematPeakModel::Groups groups;
  RematPeakModel::Change change;
  /// Set when Echo's estimate saves bytes but the model's peak rises.
  int64_t revertedBy = 0;
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
  /// What keeping `v` for the backward pass alone costs: as the encodings
  /// of `plan` will store it (1-bit masks, and gist-encode's when gist=).
  int64_t stashCost(const Step &step, Value v,
                    const llvm::DenseSet<Operation *> &members) const;
  /// What keeping `v` exactly, for a recompute region, costs: as
  /// gist-encode will store a region input (SSDC, reduced precision).
  int64_t inputCost(const Step &step, Value v,
                    const llvm::DenseSet<Operation *> &members) const;
  /// What keeping `v` costs the subgraph made of `members`.
  int64_t chargeOf(const Step &step, Value v,
                   const llvm::DenseSet<Operation *> &members) const;
  Decision decide(const Step &step, ArrayRef<Operation *> subgraph) const;
  /// Echo, once every estimate-based decision is in the model: per
  /// subgraph, no recomputation or the trimmed or whole subgraph in
  /// per-use or single regions, whichever gives the lowest modeled peak
  /// (ties keep Echo's choice). This is where a decision that raises the
  /// peak is reverted.
  void improve(const Step &step, RematPeakModel &model,
               MutableArrayRef<Decision> ds) const;
  /// Echo, once all decisions are taken: cheaper placements of each path
  /// (joined regions, checkpoints along a chain), taken best FLOPs saved per
  /// byte of peak first while the modeled peak stays within `limit`.
  void mergeRegions(const Step &step, RematPeakModel &model,
                    MutableArrayRef<Decision> ds, int64_t limit) const;
  /// The links of a chain that `d`'s regions re-run, in program order.
  SmallVector<Operation *> chainLinks(const Decision &d) const;
  void materialize(Step &step, Decision &decision);

  /// How stashes will be stored (masks=, gist=), for the estimates.
  GistPlan plan;
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
  llvm::DenseSet<Operation *> members(subgraph.begin(), subgraph.end());
  int64_t bytes = 0;
  for (auto [v, exact] : kept)
    bytes += exact ? inputCost(step, v, members) : stashCost(step, v, members);
  return bytes;
}

int64_t RematPass::inputCost(const Step &step, Value v,
                             const llvm::DenseSet<Operation *> &members) const {
  int64_t full = chargeOf(step, v, members);
  int64_t encoded = StashEncoder::regionInputBytes(v, plan);
  // Scaled like chargeOf when the value is shared with other subgraphs.
  return full * encoded / std::max<int64_t>(1, bytesOf(v));
}

int64_t RematPass::stashCost(const Step &step, Value v,
                             const llvm::DenseSet<Operation *> &members) const {
  auto it = step.stashOf.find(v);
  if (it == step.stashOf.end())
    return chargeOf(step, v, members);
  return std::min(chargeOf(step, v, members),
                  StashEncoder::encodedBytes(it->second, plan));
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
  if (policy == RematPolicy::Echo) {
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
      for (Value out : op->getResults()) {
        if (pathReaders.lookup(out) > 0)
          allocated += inputCost(step, out, members);
        else if (step.stashOf.count(out))
          allocated += stashCost(step, out, members);
      }
      // Inputs only it read on the path, and the backward does not, go.
      SmallVector<Value> inputs = distinctOperands(op);
      // (One the backward reads anyway still costs what it needs there.)
      for (Value in : inputs)
        if (!isa<BlockArgument>(in) && !path.contains(in.getDefiningOp()) &&
            pathReaders.lookup(in) == 1)
          released += inputCost(step, in, members) -
                      (step.stashOf.count(in) ? stashCost(step, in, members) : 0);
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
  d.trimmed = d.path;
  d.trimmedEstimate = d.allocated;
  return d;
}

void RematPass::improve(const Step &step, RematPeakModel &model,
                        MutableArrayRef<Decision> ds) const {
  for (Decision &d : ds) {
    if (!d.groups.empty())
      model.revert(d.change);
    struct Candidate {
      SmallVector<Operation *> path;
      int64_t estimate, peak, flops;
      RematPeakModel::Groups groups;
    };
    // Ties keep Echo's own decision (listed first).
    SmallVector<Candidate, 3> candidates;
    auto add = [&](ArrayRef<Operation *> path, int64_t estimate,
                   bool single = false) {
      Candidate c{SmallVector<Operation *>(path), estimate, model.peak(), 0, {}};
      if (!path.empty()) {
        c.groups = model.groups(path, single ? RematPeakModel::kOneRegion : 0);
        RematPeakModel::Change change = model.apply(c.groups);
        c.peak = model.peak();
        c.flops = RematPeakModel::flops(c.groups);
        model.revert(change);
      }
      candidates.push_back(std::move(c));
    };
    add(d.path, d.allocated);
    if (!d.path.empty())
      add({}, d.released);
    else if (!d.trimmed.empty())
      add(d.trimmed, d.trimmedEstimate);
    if (!d.trimmed.empty())
      add(d.trimmed, d.trimmedEstimate, /*single=*/true);
    llvm::DenseSet<Operation *> all(d.subgraph.begin(), d.subgraph.end());
    int64_t fullEstimate = stashBytes(step, d.subgraph, all);
    if (d.trimmed.size() != d.subgraph.size())
      add(d.subgraph, fullEstimate);
    add(d.subgraph, fullEstimate, /*single=*/true);
    Candidate *best = &candidates.front();
    for (Candidate &c : candidates)
      if (c.peak < best->peak)
        best = &c;
    if (best->path.empty() && !d.path.empty())
      d.revertedBy = candidates.front().peak - best->peak;
    d.path = best->path;
    d.allocated = best->estimate;
    d.groups = std::move(best->groups);
    d.change = {};
    if (!d.groups.empty())
      d.change = model.apply(d.groups);
  }
}

void RematPass::mergeRegions(const Step &step, RematPeakModel &model,
                             MutableArrayRef<Decision> ds,
                             int64_t limit) const {
  // Every path's cheaper placements: its regions joined (one region, use
  // points within halving windows, regions sharing ops), or checkpoints
  // along a chain it re-runs (Chen et al.'s sqrt(n) idea: every stride-th
  // link stashed; per-use regions then re-run at most a stride of links,
  // joined ones each op once).
  struct Option {
    size_t decision;
    SmallVector<Operation *> path;
    RematPeakModel::Groups groups;
    int64_t flops;
    int64_t saved = 0, cost = 0; // FLOPs saved, peak added: last scored
    int64_t epoch = 0;
  };
  SmallVector<int64_t> windows{RematPeakModel::kOneRegion,
                               RematPeakModel::kJoinShared};
  for (int64_t w = model.points() / 2; w >= 2; w /= 2)
    windows.push_back(w);
  std::vector<Option> options;
  SmallVector<int64_t> flopsOf(ds.size()), onceFlopsOf(ds.size());
  for (auto [i, d] : llvm::enumerate(ds)) {
    if (d.groups.size() < 2)
      continue;
    // Groups are read off the model without this path's own regions.
    model.revert(d.change);
    flopsOf[i] = RematPeakModel::flops(d.groups);
    onceFlopsOf[i] = RematPeakModel::flops(
        model.groups(d.path, RematPeakModel::kOneRegion));
    if (onceFlopsOf[i] >= flopsOf[i]) {
      // Nothing re-runs: joins save nothing, and links stashed would cost
      // peak that only buys re-runs back.
      d.change = model.apply(d.groups);
      continue;
    }
    llvm::SmallSet<std::pair<int64_t, size_t>, 16> seen;
    auto consider = [&](ArrayRef<Operation *> path,
                        RematPeakModel::Groups groups) {
      int64_t flops = RematPeakModel::flops(groups);
      if (!groups.empty() && flops < flopsOf[i] &&
          seen.insert({flops, groups.size()}).second)
        options.push_back(
            {i, SmallVector<Operation *>(path), std::move(groups), flops});
    };
    // Windows wider than the span of the regions give one region; those
    // narrower than their closest pair, the regions as they are.
    int64_t span = d.groups.back().at - d.groups.front().at, gap = span;
    for (size_t g = 1; g < d.groups.size(); ++g)
      gap = std::min(gap, d.groups[g].at - d.groups[g - 1].at);
    for (int64_t window : windows)
      if (window < 0 || window == RematPeakModel::kOneRegion ||
          (window >= gap && window < span))
        consider(d.path, model.groups(d.path, window));
    SmallVector<Operation *> links = chainLinks(d);
    for (size_t stride = 1; stride <= links.size(); stride *= 2) {
      llvm::DenseSet<Operation *> stashed;
      for (size_t k = stride - 1; k < links.size(); k += stride)
        stashed.insert(links[k]);
      SmallVector<Operation *> path;
      for (Operation *op : d.path)
        if (!stashed.contains(op))
          path.push_back(op);
      consider(path, model.groups(path, /*window=*/0));
      consider(path, model.groups(path, RematPeakModel::kJoinShared));
    }
    d.change = model.apply(d.groups);
  }

  // Lazy greedy on FLOPs saved per byte of peak added, measured in the
  // current state: free savings first, then the best rates, while the peak
  // stays within `limit`. Peak is paid only for re-runs (work beyond each
  // path op once) and only where the share of the step's FLOPs saved is at
  // least `exchange-rate` times the share of the peak added.
  int64_t stepFlops = 0;
  for (Operation &op : *step.block)
    if (auto cost = dyn_cast<CostOpInterface>(op))
      stepFlops += cost.getFlops();
  // Scores `o` in the model where it replaces its decision's regions;
  // `before` was the peak with them. Valid while `epoch` (the number of
  // options taken) is unchanged.
  int64_t epoch = 0;
  auto score = [&](Option &o, int64_t before) {
    o.saved = flopsOf[o.decision] - o.flops;
    o.cost = std::max<int64_t>(0, model.peak() - before);
    if (o.cost > 0)
      o.saved = std::min(o.saved, flopsOf[o.decision] - onceFlopsOf[o.decision]);
    o.epoch = epoch;
  };
  auto better = [](const Option *a, const Option *b) {
    // a.saved / a.cost < b.saved / b.cost (the heap's order), no division
    __int128 lhs = (__int128)a->saved * b->cost,
             rhs = (__int128)b->saved * a->cost;
    return lhs != rhs ? lhs < rhs : a->saved < b->saved;
  };
  // Scores options of one decision, one after the other, with its own
  // regions out of the model meanwhile.
  auto scoreAll = [&](MutableArrayRef<Option> sameDecision) {
    Decision &d = ds[sameDecision.front().decision];
    int64_t before = model.peak();
    model.revert(d.change);
    for (Option &o : sameDecision) {
      RematPeakModel::Change change = model.apply(o.groups);
      score(o, before);
      model.revert(change);
    }
    d.change = model.apply(d.groups);
  };
  std::vector<Option *> heap;
  for (auto first = options.begin(); first != options.end();) {
    auto last = std::find_if(first, options.end(), [&](const Option &o) {
      return o.decision != first->decision;
    });
    scoreAll(MutableArrayRef<Option>(&*first, last - first));
    // Only the options no other beats on both FLOPs and peak.
    std::sort(first, last, [](const Option &a, const Option &b) {
      return std::tie(a.cost, a.flops) < std::tie(b.cost, b.flops);
    });
    int64_t cheapest = flopsOf[first->decision];
    for (Option &o : llvm::make_range(first, last))
      if (o.flops < cheapest) {
        cheapest = o.flops;
        heap.push_back(&o);
      }
    first = last;
  }
  std::make_heap(heap.begin(), heap.end(), better);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), better);
    Option &o = *heap.back();
    heap.pop_back();
    Decision &d = ds[o.decision];
    int64_t before = model.peak();
    if (o.epoch != epoch) {
      // Options taken since may have changed its worth: score it again,
      // and put it back in line if it did.
      int64_t saved = o.saved, cost = o.cost;
      scoreAll(o);
      if (o.saved <= 0)
        continue;
      if (o.saved != saved || o.cost != cost) {
        heap.push_back(&o);
        std::push_heap(heap.begin(), heap.end(), better);
        continue;
      }
    }
    bool worth = o.saved > 0 &&
                 (o.cost == 0 ||
                  double(o.saved) * double(before) >=
                      exchangeRate * double(o.cost) * double(stepFlops));
    if (!worth || before + o.cost > limit)
      continue;
    model.revert(d.change);
    d.change = model.apply(o.groups);
    if (o.path.size() != d.path.size()) {
      llvm::DenseSet<Operation *> onPath(o.path.begin(), o.path.end());
      d.allocated = stashBytes(step, d.subgraph, onPath);
    }
    flopsOf[o.decision] = o.flops;
    d.path = std::move(o.path);
    d.groups = std::move(o.groups);
    ++epoch;
  }
}

SmallVector<Operation *> RematPass::chainLinks(const Decision &d) const {
  // A chain (an LSTM's cell states, a ResNet's residual sums) makes every
  // per-use region re-run it from its start: its links are the path values
  // a region yields that other regions recompute too.
  DenseMap<Operation *, int> bodies;
  llvm::DenseSet<Operation *> yields;
  for (const RematPeakModel::Group &group : d.groups) {
    for (Operation *op : group.body)
      ++bodies[op];
    for (Value v : group.yielded)
      yields.insert(v.getDefiningOp());
  }
  // Only links that follow another link along the path (the residual
  // sums, not the batch norms feeding them) cut the chain when stashed.
  auto isLink = [&](Operation *op) {
    return yields.contains(op) && bodies.lookup(op) > 1;
  };
  llvm::DenseSet<Operation *> onPath(d.path.begin(), d.path.end());
  llvm::DenseSet<Operation *> afterLink;
  SmallVector<Operation *> links;
  for (Operation *op : d.path) {
    bool follows = llvm::any_of(op->getOperands(), [&](Value in) {
      Operation *def = in.getDefiningOp();
      return onPath.contains(def) && (afterLink.contains(def) || isLink(def));
    });
    if (follows)
      afterLink.insert(op);
    if (follows && isLink(op))
      links.push_back(op);
  }
  return links;
}

void RematPass::materialize(Step &step, Decision &decision) {
  OpBuilder b(&getContext());
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

void RematPass::runOnOperation() {
  if (!(flopsSlack >= 0.0 && flopsSlack <= 1.0)) {
    getOperation().emitError("echo-remat: flops-slack must be in [0, 1], got ")
        << double(flopsSlack);
    return signalPassFailure();
  }
  if (!(exchangeRate >= 0.0)) {
    getOperation().emitError("echo-remat: exchange-rate must be >= 0, got ")
        << double(exchangeRate);
    return signalPassFailure();
  }
  int64_t align = alignment;
  if (align <= 0 || (align & (align - 1))) {
    getOperation().emitError("echo-remat: alignment must be a power of two, got ")
        << align;
    return signalPassFailure();
  }
  plan.masks = masks;
  plan.lossless = gist != GistMode::None;
  plan.dpr = dprOf(gist);
  func::FuncOp fn = getOperation();
  if (policy == RematPolicy::None || fn.isExternal() ||
      !fn.getBody().hasOneBlock())
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
  std::vector<Decision> decisions;
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

  // Decide in partition order on the footprint model, then build regions.
  RematPeakModel model(step, alignment, plan);
  int64_t basePeak = model.peak();
  // Where the mirror policy would take the peak: the FLOPs phase may not
  // give up Echo's lead over prior work. Only Echo's checks and the
  // remarks need it.
  int64_t mirrorPeak = basePeak;
  if ((policy == RematPolicy::Echo && peakCheck) || remarks) {
    SmallVector<RematPeakModel::Change> changes;
    for (Decision &d : decisions)
      changes.push_back(
          model.apply(model.groups(d.subgraph, RematPeakModel::kOneRegion)));
    mirrorPeak = model.peak();
    for (RematPeakModel::Change &change : llvm::reverse(changes))
      model.revert(change);
  }
  for (Decision &d : decisions) {
    if (policy == RematPolicy::Mirror) {
      // Mirror recomputes every light op once per subgraph, unchecked.
      d.path = d.subgraph;
      d.groups = model.groups(d.path, RematPeakModel::kOneRegion);
      d.change = model.apply(d.groups);
    } else if (!d.path.empty() && d.allocated < d.released) {
      // Echo's estimate (Algorithm 1), as the paper applies it.
      d.groups = model.groups(d.path, /*window=*/0);
      d.change = model.apply(d.groups);
    } else {
      d.path.clear();
      d.allocated = d.released;
    }
  }
  if (policy == RematPolicy::Echo && peakCheck) {
    improve(step, model, decisions);
    // improve() settles each subgraph given the others, which can stall
    // above Baseline (their choices interact at the peak): then none.
    if (int64_t excess = model.peak() - basePeak; excess > 0)
      for (Decision &d : llvm::reverse(decisions)) {
        if (d.groups.empty())
          continue;
        model.revert(d.change);
        d.groups.clear();
        d.change = {};
        d.path.clear();
        d.allocated = d.released;
        d.revertedBy = excess;
      }
    // With gist= the model misses part of what gist-encode adds around
    // regions (Inception-v4 plans 4% more after free merges), but charging
    // the decoded region inputs made merging pay on the other models.
    int64_t peak = model.peak();
    int64_t limit = std::min({basePeak, std::max(peak, mirrorPeak - 1),
                              peak + int64_t(peak * flopsSlack)});
    mergeRegions(step, model, decisions, limit);
  }

  if (remarks) {
    // How far from what no recomputation can go below, at this peak.
    int64_t peak = model.peak(), at = model.peakPoint();
    for (Decision &d : llvm::reverse(decisions))
      if (!d.groups.empty())
        model.revert(d.change);
    int64_t floor = model.floorAt(
        at, [&](Operation *op) { return isRecomputable(op); });
    // At the function's location, without printing the whole function.
    mlir::emitRemark(fn.getLoc())
        << "echo-remat: modeled peak " << peak << " bytes at point " << at
        << " (Baseline " << basePeak << ", mirror " << mirrorPeak
        << "); no recomputation goes below " << floor << " there";
  }
  for (Decision &d : decisions) {
    Operation *first = d.subgraph.front();
    materialize(step, d);
    if (!remarks)
      continue;
    if (d.regions) {
      first->emitRemark() << "echo-remat: recompute " << d.clonedOps
                          << " ops in " << d.regions << " region(s) ("
                          << d.flops << " FLOPs); stashed bytes "
                          << d.released << " -> " << d.allocated;
      continue;
    }
    InFlightDiagnostic remark = first->emitRemark();
    remark << "echo-remat: no recomputation for " << d.subgraph.size()
           << " ops; stashed bytes " << d.released << " kept";
    if (d.revertedBy)
      remark << " (reverted: the path would raise the step's peak by "
             << d.revertedBy << " bytes)";
  }

  // What stays stashed only for ReLU or dropout backward keeps one bit per
  // element (Echo's dropout masks, Gist's Binarize; code shared with
  // gist-encode). Values something else reads stay exact.
  if (!masks)
    return;
  StashEncoder encoder(fn);
  OpBuilder b(&getContext());
  SmallVector<StashOp> stashes(step.block->getOps<StashOp>());
  for (StashOp stash : stashes)
    if (!stash->use_empty() &&
        llvm::all_of(stash->getUses(),
                     [](OpOperand &use) {
                       return StashEncoder::needsOnlyMask(use);
                     }) &&
        encoder.waits(stash.getInput(), stash))
      encoder.encodeMasks(b, stash);
}

} // namespace
