//===- StashDecisions.cpp - Per-value memory decisions taken back ---------===//

#include "StashDecisions.h"
#include "StepTasks.h"

#include "EchoDialect/Core/LiveProfile.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EchoTypes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Threading.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <limits>
#include <memory>
#include <queue>

using namespace mlir;
using namespace mlir::echo;

namespace {

/// Adds the prefetches of `offload` (and, with `decodes`, the decodes that
/// read them) to `ops`; false if something else reads the host value or
/// the token, or a prefetch has another reader when `decodes` is set.
bool collectOffload(OffloadOp offload, bool decodes,
                    SmallVectorImpl<Operation *> &ops) {
  ops.push_back(offload);
  for (Value v : {Value(offload.getResult()), Value(offload.getToken())})
    for (Operation *user : v.getUsers()) {
      auto prefetch = dyn_cast<PrefetchOp>(user);
      if (!prefetch)
        return false;
      if (llvm::is_contained(ops, user))
        continue;
      ops.push_back(prefetch);
      if (!decodes)
        continue;
      for (Operation *reader : prefetch.getResult().getUsers()) {
        if (!isa<DecodeOp>(reader))
          return false;
        ops.push_back(reader);
      }
    }
  return true;
}

/// The ops that carry a stashed value to its backward readers.
bool carriesStash(Operation *op) {
  return isa<StashOp, EncodeOp, DecodeOp, OffloadOp, PrefetchOp>(op);
}

/// The forward value a region input stands for, through the stashes,
/// encodings and offloads that carry it to the region.
Value forwardSource(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!carriesStash(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

/// The forward values `region`'s results recompute: each body op matched,
/// on the matched operands, to the first equivalent op before the region
/// in its block (a body is free of side effects, so an equivalent op on
/// the same operands gives the same value). False when one has no match.
bool recomputedValues(RecomputeOp region, SmallVectorImpl<Value> &values) {
  Block *block = region->getBlock();
  Block &body = region.getBody().front();
  IRMapping forward;
  for (auto [arg, input] :
       llvm::zip_equal(body.getArguments(), region.getInputs()))
    forward.map(arg, forwardSource(input));
  auto sameOperands = [&](Value inner, Value outer) {
    return success(forward.lookupOrNull(inner) == outer);
  };
  for (Operation &inner : body.without_terminator()) {
    if (inner.getNumRegions())
      return false;
    Operation *match = nullptr;
    auto consider = [&](Operation *op) {
      if (op->getBlock() != block || !op->isBeforeInBlock(region) ||
          (match && match->isBeforeInBlock(op)) ||
          !OperationEquivalence::isEquivalentTo(
              &inner, op, sameOperands, nullptr,
              OperationEquivalence::IgnoreLocations |
                  OperationEquivalence::IgnoreDiscardableAttrs))
        return;
      match = op;
    };
    if (inner.getNumOperands() == 0) {
      for (Operation &op : *block) {
        if (&op == region.getOperation())
          break;
        consider(&op);
      }
    } else if (Value first = forward.lookupOrNull(inner.getOperand(0))) {
      for (Operation *user : first.getUsers())
        consider(user);
    }
    if (!match)
      return false;
    forward.map(inner.getResults(), match->getResults());
  }
  for (auto [result, yielded] : llvm::zip_equal(
           region.getResults(), body.getTerminator()->getOperands())) {
    Value value = forward.lookupOrNull(yielded);
    if (!value || value.getType() != result.getType())
      return false;
    values.push_back(value);
  }
  return true;
}

/// Adds to `d.removed` the ops that only ops in it read, among those that
/// carry stashes and no other decision claims: a region's input stashes
/// (or decodes, prefetches, ...) that no other reader needs.
void addReadOnlyByRemoved(StashDecision &d,
                          const llvm::DenseSet<Operation *> &claimed) {
  Block *block = d.removed.front()->getBlock();
  llvm::DenseSet<Operation *> removed(d.removed.begin(), d.removed.end());
  for (size_t i = 0; i < d.removed.size(); ++i)
    for (Value operand : d.removed[i]->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != block || !carriesStash(def) ||
          removed.contains(def) || claimed.contains(def) ||
          !llvm::all_of(def->getUsers(), [&](Operation *user) {
            return removed.contains(user);
          }))
        continue;
      removed.insert(def);
      d.removed.push_back(def);
    }
}

/// A decision's reversal in one function: the value whose producer its
/// readers then wait for (not for a region: its `kept`).
Value valueKept(const StashDecision &d) {
  if (auto encode = dyn_cast<EncodeOp>(d.removed.front()))
    return encode.getInput();
  return cast<OffloadOp>(d.removed.front()).getInput();
}

/// One function's tasks, as stepTasks gives them, and its step with
/// nothing taken back.
struct FunctionTasks {
  std::vector<StreamTask> tasks;
  llvm::DenseMap<Operation *, unsigned> index;
  /// The step with nothing taken back: each task's end, and, when each
  /// task is issued, the streams' clocks and the latest end so far. A
  /// trial starts there at its first dropped task: before it, nothing
  /// changes.
  std::vector<double> end, latestBefore;
  std::vector<std::array<double, 2>> freeBefore;
  double whole = 0;

  FunctionTasks(func::FuncOp fn, const DeviceProfile &profile) {
    std::vector<Operation *> ops;
    tasks = stepTasks(fn.front(), profile, ops);
    for (auto [i, op] : llvm::enumerate(ops))
      index[op] = i;
    // The tasks come from a verified step; a malformed list cannot arise.
    StreamTimeline timeline;
    (void)simulateStreams(tasks, timeline, /*overlap=*/false);
    end = std::move(timeline.end);
    size_t n = tasks.size();
    latestBefore.resize(n + 1);
    freeBefore.resize(n + 1);
    // Each stream's clock is the end of its last task so far.
    std::array<double, 2> free{0, 0};
    double latest = 0;
    for (size_t i = 0; i < n; ++i) {
      freeBefore[i] = free;
      latestBefore[i] = latest;
      free[streamOf(i)] = end[i];
      latest = std::max(latest, end[i]);
    }
    freeBefore[n] = free;
    latestBefore[n] = latest;
    whole = latest;
  }

  int streamOf(size_t i) const {
    return tasks[i].stream == Stream::Compute ? 0 : 1;
  }

  /// A step with some tasks dropped, reused from trial to trial (one per
  /// thread): `removed[i]` is -1 for a task kept, else the task its readers
  /// wait for instead (-2: nothing).
  struct Trial {
    std::vector<int> removed;
    std::vector<double> end; // the base's, but from the first dropped task
    std::vector<unsigned> marked;
  };
  Trial trial() const { return {std::vector<int>(tasks.size(), -1), end, {}}; }

  /// The step with the tasks `t` marks dropped and their readers waiting
  /// for what they stand for, as simulateStreams would run the kept tasks
  /// alone (the same operations in the same order: the same bits).
  double simulate(Trial &t) const {
    if (t.marked.empty())
      return whole;
    unsigned first = *llvm::min_element(t.marked);
    std::array<double, 2> free = freeBefore[first];
    double latest = latestBefore[first];
    for (size_t i = first; i < tasks.size(); ++i) {
      if (t.removed[i] != -1)
        continue;
      int s = streamOf(i);
      double begin = free[s];
      for (unsigned w : tasks[i].waitsFor) {
        int source = int(w);
        while (source >= 0 && t.removed[source] != -1)
          source = t.removed[source] == -2 ? -1 : t.removed[source];
        if (source >= 0 && unsigned(source) < i)
          begin = std::max(begin, t.end[source]);
      }
      t.end[i] = free[s] = begin + tasks[i].seconds;
      latest = std::max(latest, t.end[i]);
    }
    return latest;
  }

  /// `t` with nothing dropped again.
  void reset(Trial &t) const {
    if (t.marked.empty())
      return;
    unsigned first = *llvm::min_element(t.marked);
    std::copy(end.begin() + first, end.end(), t.end.begin() + first);
    for (unsigned i : t.marked)
      t.removed[i] = -1;
    t.marked.clear();
  }

  /// Marks the tasks of `d` dropped in `t`.
  /// A region's readers wait for the last producer of the values it
  /// recomputed: all are forward ops on the compute stream, before any
  /// backward reader, so the step is the IR's after takeBack.
  void mark(const StashDecision &d, Trial &t) const {
    int source = -2;
    auto wait = [&](Value kept) {
      Operation *producer = kept.getDefiningOp();
      auto it = producer ? index.find(producer) : index.end();
      if (it != index.end())
        source = std::max(source, int(it->second));
    };
    if (isa<RecomputeOp>(d.removed.front()))
      llvm::for_each(d.kept, wait);
    else
      wait(valueKept(d));
    for (Operation *op : d.removed) {
      auto it = index.find(op);
      if (it == index.end())
        continue;
      t.removed[it->second] = source;
      t.marked.push_back(it->second);
    }
  }
};

/// The live bytes of one function's tensor values over its ops (point i:
/// op i of the block), and what taking a decision back changes in them.
struct BlockLiveness {
  Block &block;
  llvm::DenseMap<Operation *, int64_t> position;
  LiveProfile profile;

  explicit BlockLiveness(Block &block)
      : block(block), profile(int64_t(block.getOperations().size())) {
    for (auto [i, op] : llvm::enumerate(block))
      position[&op] = int64_t(i);
    for (Operation &op : block)
      for (Value result : op.getResults())
        if (int64_t bytes = deviceBytes(result))
          profile.add(position[&op], lastUse(result), bytes);
  }

  /// Bytes `v` takes on the device: a tensor's or an encoded form's. A
  /// host value or a token takes none, nor a stash: it is its operand's
  /// buffer, kept longer.
  static int64_t deviceBytes(Value v) {
    if (isa<HostType>(v.getType()) || v.getDefiningOp<StashOp>())
      return 0;
    return getStorageBytes(v.getType());
  }

  /// The last point `v` is live at: its last reader's (its stashes'
  /// readers included), or its producer's; with `gone`, as if its ops were
  /// erased.
  int64_t lastUse(Value v, const llvm::DenseSet<Operation *> *gone = nullptr) {
    int64_t last = -1;
    if (Operation *def = v.getDefiningOp())
      last = position.lookup(def);
    for (Operation *user : v.getUsers()) {
      Operation *inBlock = block.findAncestorOpInBlock(*user);
      if (!inBlock || (gone && gone->contains(inBlock)))
        continue;
      if (auto stash = dyn_cast<StashOp>(user))
        last = std::max(last, lastUse(stash.getResult(), gone));
      else
        last = std::max(last, position.lookup(inBlock));
    }
    return last;
  }

  /// The value a stash (of a stash ...) keeps; `v` if not a stash.
  static Value unstashed(Value v) {
    while (auto stash = v.getDefiningOp<StashOp>())
      v = stash.getInput();
    return v;
  }

  /// A region's reversal, beside its ops' results dying: the values they
  /// read live to their other readers only, and each value it recomputed
  /// (an op's result, never a stash) lives on to the last reader of its
  /// recomputed copy (as after takeBack).
  void addRegionChanges(const StashDecision &d, LiveProfile::Changes &changes) {
    llvm::DenseSet<Operation *> gone(d.removed.begin(), d.removed.end());
    llvm::MapVector<Value, int64_t> lastAfter;
    for (Operation *op : d.removed)
      for (Value operand : op->getOperands()) {
        Value v = unstashed(operand);
        if (!gone.contains(v.getDefiningOp()))
          lastAfter.insert({v, lastUse(v, &gone)});
      }
    auto region = cast<RecomputeOp>(d.removed.front());
    for (auto [result, kept] : llvm::zip_equal(region.getResults(), d.kept)) {
      auto it = lastAfter.insert({kept, lastUse(kept, &gone)}).first;
      it->second = std::max(it->second, lastUse(result));
    }
    for (auto [v, after] : lastAfter) {
      Operation *producer = v.getDefiningOp();
      // A block argument is live the whole step already.
      if (!producer || producer->getBlock() != &block)
        continue;
      int64_t bytes = deviceBytes(v), before = lastUse(v);
      if (!bytes || after == before)
        continue;
      if (after > before)
        changes.push_back({before + 1, after, bytes});
      else
        changes.push_back({after + 1, before, -bytes});
    }
  }

  /// The ops of `d` no longer live; the value kept lives on to the last
  /// reader of what they gave the backward ops (as after takeBack).
  LiveProfile::Changes changesOf(const StashDecision &d) {
    LiveProfile::Changes changes;
    int64_t readUntil = -1;
    for (Operation *op : d.removed)
      for (Value result : op->getResults()) {
        int64_t last = lastUse(result);
        readUntil = std::max(readUntil, last);
        if (int64_t bytes = deviceBytes(result))
          changes.push_back({position.lookup(op), last, -bytes});
      }
    if (isa<RecomputeOp>(d.removed.front())) {
      addRegionChanges(d, changes);
      return changes;
    }
    Value kept = unstashed(valueKept(d));
    Operation *producer = kept.getDefiningOp();
    // A block argument is live the whole step already.
    if (producer && producer->getBlock() == &block) {
      int64_t last = lastUse(kept);
      if (readUntil > last)
        changes.push_back({last + 1, readUntil, deviceBytes(kept)});
    }
    return changes;
  }
};

/// For each decision, the decisions within it (an encoded form's offloads
/// within its precision reduction), by index.
std::vector<std::vector<size_t>>
nestedDecisions(ArrayRef<StashDecision> decisions) {
  llvm::DenseMap<Operation *, size_t> anchorOf;
  for (auto [i, d] : llvm::enumerate(decisions))
    anchorOf[d.removed.front()] = i;
  std::vector<std::vector<size_t>> nested(decisions.size());
  for (auto [i, d] : llvm::enumerate(decisions))
    if (d.within)
      if (auto it = anchorOf.find(d.within); it != anchorOf.end())
        nested[it->second].push_back(i);
  return nested;
}

} // namespace

std::vector<StashDecision>
mlir::echo::peakOrder(ArrayRef<func::FuncOp> functions,
                      std::vector<StashDecision> decisions,
                      std::vector<int64_t> &peaks) {
  std::vector<std::unique_ptr<BlockLiveness>> live(functions.size());
  for (auto [f, constFn] : llvm::enumerate(functions)) {
    func::FuncOp fn = constFn;
    if (fn && fn.getBody().hasOneBlock())
      live[f] = std::make_unique<BlockLiveness>(fn.front());
  }
  auto largestPeak = [&] {
    int64_t peak = 0;
    for (const auto &l : live)
      if (l)
        peak = std::max(peak, l->profile.peak());
    return peak;
  };
  size_t n = decisions.size();
  std::vector<LiveProfile::Changes> changes(n);
  std::vector<double> saving(n);
  for (size_t i = 0; i < n; ++i) {
    changes[i] = live[decisions[i].function]->changesOf(decisions[i]);
    saving[i] = decisions[i].seconds;
  }
  std::vector<std::vector<size_t>> nested = nestedDecisions(decisions);
  std::vector<size_t> parentOf(n, n); // n: none
  for (size_t p = 0; p < n; ++p)
    for (size_t c : nested[p])
      parentOf[c] = p;

  int64_t peak = largestPeak();
  auto growth = [&](size_t i) {
    const LiveProfile &profile = live[decisions[i].function]->profile;
    return std::max<int64_t>(0, profile.peakWith(changes[i]) - peak);
  };
  // Seconds per byte of growth; free ones first, useless ones last.
  auto key = [&](size_t i, int64_t grows) {
    if (saving[i] <= 0)
      return -1.0;
    if (grows == 0)
      return std::numeric_limits<double>::infinity();
    return saving[i] / double(grows);
  };
  // What is left of the others once `i` is taken back: a precision
  // reduction without the offloads already taken back; nothing of an
  // offload its reduction took back.
  std::vector<bool> taken(n, false);
  auto takeNested = [&](size_t i) {
    taken[i] = true;
    for (size_t c : nested[i])
      if (!taken[c]) {
        changes[c].clear();
        saving[c] = 0;
      }
    size_t p = parentOf[i];
    if (p == n || taken[p])
      return;
    for (const auto &[start, end, bytes] : changes[i])
      changes[p].push_back({start, end, -bytes});
    saving[p] = std::max(0.0, saving[p] - saving[i]);
  };
  struct Entry {
    double key;
    size_t index;
    bool operator<(const Entry &other) const { // the queue's top: largest
      if (key != other.key)
        return key < other.key;
      return index > other.index;
    }
  };
  // Lazy greedy: a key is recomputed when its entry reaches the top, and
  // taken if it still ranks first. Taking a decision back changes others'
  // growth only where their values overlap it, so most keys stay current.
  std::priority_queue<Entry> queue;
  for (size_t i = 0; i < n; ++i)
    queue.push({key(i, growth(i)), i});
  std::vector<StashDecision> ordered;
  ordered.reserve(n);
  peaks.assign(1, peak);
  while (!queue.empty()) {
    Entry top = queue.top();
    queue.pop();
    Entry now{key(top.index, growth(top.index)), top.index};
    if (!queue.empty() && now < queue.top()) {
      queue.push(now);
      continue;
    }
    BlockLiveness &l = *live[decisions[now.index].function];
    for (const auto &[start, end, bytes] : changes[now.index])
      l.profile.add(start, end, bytes);
    peak = largestPeak();
    peaks.push_back(peak);
    decisions[now.index].seconds = saving[now.index];
    takeNested(now.index);
    ordered.push_back(std::move(decisions[now.index]));
  }
  return ordered;
}

StashMixProblem mlir::echo::stashMixProblem(ArrayRef<func::FuncOp> functions,
                                            ArrayRef<StashDecision> decisions) {
  StashMixProblem problem;
  std::vector<std::unique_ptr<BlockLiveness>> live(functions.size());
  problem.live.resize(functions.size());
  for (auto [f, constFn] : llvm::enumerate(functions)) {
    func::FuncOp fn = constFn;
    if (!fn || !fn.getBody().hasOneBlock())
      continue;
    live[f] = std::make_unique<BlockLiveness>(fn.front());
    for (int64_t p = 0; p < live[f]->profile.size(); ++p)
      problem.live[f].push_back(live[f]->profile.at(p));
  }
  for (const StashDecision &d : decisions) {
    StashMixProblem::Decision decision;
    decision.function = d.function;
    decision.seconds = d.seconds;
    decision.changes = live[d.function]->changesOf(d);
    problem.decisions.push_back(std::move(decision));
  }
  // A precision reduction requires its encoded form's offloads: they add
  // up to its whole effect.
  std::vector<std::vector<size_t>> nested = nestedDecisions(decisions);
  for (size_t p = 0; p < nested.size(); ++p)
    for (size_t c : nested[p]) {
      StashMixProblem::Decision &parent = problem.decisions[p];
      const StashMixProblem::Decision &child = problem.decisions[c];
      parent.requirements.push_back(unsigned(c));
      for (const auto &[start, end, bytes] : child.changes)
        parent.changes.push_back({start, end, -bytes});
      parent.seconds = std::max(0.0, parent.seconds - child.seconds);
    }
  return problem;
}

bool mlir::echo::StashDecision::isRegion() const {
  return isa<RecomputeOp>(removed.front());
}

std::vector<StashDecision>
mlir::echo::findStashDecisions(ArrayRef<func::FuncOp> functions) {
  std::vector<StashDecision> decisions;
  for (auto [f, constFn] : llvm::enumerate(functions)) {
    func::FuncOp fn = constFn;
    if (!fn || !fn.getBody().hasOneBlock())
      continue;
    llvm::DenseSet<Operation *> claimed;
    std::vector<StashDecision> children;
    for (Operation &op : fn.front()) {
      StashDecision d;
      d.function = f;
      if (auto encode = dyn_cast<EncodeOp>(op)) {
        if (!isPrecisionReduction(encode.getEncoding().getKind()))
          continue;
        d.removed.push_back(encode);
        bool ok = true, offloaded = false;
        for (Operation *user : encode.getResult().getUsers()) {
          if (isa<DecodeOp>(user)) {
            d.removed.push_back(user);
          } else if (auto offload = dyn_cast<OffloadOp>(user)) {
            offloaded = true;
            ok = ok && collectOffload(offload, /*decodes=*/true, d.removed);
          } else {
            ok = false;
          }
        }
        if (!ok)
          continue;
        d.bytes = getStorageBytes(encode.getInput().getType()) -
                  (offloaded ? 0 : getStorageBytes(encode.getType()));
        // The encoded form's offloads, each a decision of its own: taken
        // back, the form stays on the device.
        for (Operation *user : encode.getResult().getUsers()) {
          auto offload = dyn_cast<OffloadOp>(user);
          if (!offload)
            continue;
          StashDecision c;
          c.function = f;
          c.within = encode;
          (void)collectOffload(offload, /*decodes=*/false, c.removed);
          c.bytes = std::max<int64_t>(getStorageBytes(encode.getType()), 1);
          children.push_back(std::move(c));
        }
      } else if (auto offload = dyn_cast<OffloadOp>(op)) {
        if (claimed.contains(offload) ||
            !collectOffload(offload, /*decodes=*/false, d.removed))
          continue;
        d.bytes = getStorageBytes(offload.getInput().getType());
      } else if (auto region = dyn_cast<RecomputeOp>(op)) {
        // After the forward ops: every encode and offload is claimed.
        if (!recomputedValues(region, d.kept))
          continue;
        d.removed.push_back(region);
        addReadOnlyByRemoved(d, claimed);
        for (Value kept : d.kept)
          d.bytes += getStorageBytes(kept.getType());
      } else {
        continue;
      }
      d.bytes = std::max<int64_t>(d.bytes, 1);
      claimed.insert(d.removed.begin(), d.removed.end());
      decisions.push_back(std::move(d));
      for (StashDecision &c : children)
        decisions.push_back(std::move(c));
      children.clear();
    }
  }
  for (auto [i, d] : llvm::enumerate(decisions))
    d.index = unsigned(i);
  return decisions;
}

void mlir::echo::measureSavings(ArrayRef<func::FuncOp> functions,
                                MutableArrayRef<StashDecision> decisions,
                                const DeviceProfile &profile) {
  for (auto [f, constFn] : llvm::enumerate(functions)) {
    func::FuncOp fn = constFn;
    std::vector<StashDecision *> mine;
    for (StashDecision &d : decisions)
      if (d.function == f)
        mine.push_back(&d);
    if (mine.empty() || !fn || !fn.getBody().hasOneBlock())
      continue;
    FunctionTasks tasks(fn, profile);
    // Fixed chunks, each decision's result its own: the same on any
    // number of threads.
    size_t chunks = std::min<size_t>(mine.size(), 64);
    mlir::parallelFor(fn.getContext(), 0, chunks, [&](size_t c) {
      FunctionTasks::Trial trial = tasks.trial();
      for (size_t i = c * mine.size() / chunks;
           i < (c + 1) * mine.size() / chunks; ++i) {
        tasks.mark(*mine[i], trial);
        mine[i]->seconds = std::max(0.0, tasks.whole - tasks.simulate(trial));
        tasks.reset(trial);
      }
    });
  }
}

std::vector<StashDecision> mlir::echo::decisionSet(ArrayRef<StashDecision> all,
                                                   bool regions,
                                                   bool offloadsApart) {
  std::vector<StashDecision> decisions;
  for (const StashDecision &d : all)
    if ((regions || !d.isRegion()) && (offloadsApart || !d.within))
      decisions.push_back(d);
  // Most seconds per byte first; the stable sort keeps function and
  // program order among equals.
  std::stable_sort(decisions.begin(), decisions.end(),
                   [](const StashDecision &a, const StashDecision &b) {
                     return a.seconds * double(b.bytes) >
                            b.seconds * double(a.bytes);
                   });
  return decisions;
}

std::vector<StashDecision>
mlir::echo::stashDecisions(ArrayRef<func::FuncOp> functions,
                           const DeviceProfile &profile, bool regions,
                           bool offloadsApart) {
  std::vector<StashDecision> all = findStashDecisions(functions);
  llvm::erase_if(all, [&](const StashDecision &d) {
    return (!regions && d.isRegion()) || (!offloadsApart && d.within);
  });
  measureSavings(functions, all, profile);
  return decisionSet(all, regions, offloadsApart);
}

double mlir::echo::simulateTakenBack(ArrayRef<func::FuncOp> functions,
                                     ArrayRef<StashDecision> decisions,
                                     unsigned count,
                                     const DeviceProfile &profile) {
  double seconds = 0;
  for (auto [f, constFn] : llvm::enumerate(functions)) {
    func::FuncOp fn = constFn;
    if (!fn || !fn.getBody().hasOneBlock())
      continue;
    FunctionTasks tasks(fn, profile);
    FunctionTasks::Trial trial = tasks.trial();
    for (const StashDecision &d : decisions.take_front(count))
      if (d.function == f)
        tasks.mark(d, trial);
    seconds += tasks.simulate(trial);
  }
  return seconds;
}

namespace {
void eraseReadersFirst(ArrayRef<Operation *> ops) {
  SmallVector<Operation *> erase(ops.begin(), ops.end());
  llvm::sort(erase, [](Operation *a, Operation *b) {
    return b->isBeforeInBlock(a); // readers first
  });
  for (Operation *op : erase)
    op->erase();
}
} // namespace

void mlir::echo::takeBack(ArrayRef<StashDecision> decisions, unsigned count) {
  // Ops erased so far: an encoded form's offload goes with its precision
  // reduction, whichever is taken back first.
  llvm::DenseSet<Operation *> erased;
  for (const StashDecision &full : decisions.take_front(count)) {
    if (erased.contains(full.removed.front()))
      continue;
    StashDecision d = full;
    llvm::erase_if(d.removed,
                   [&](Operation *op) { return erased.contains(op); });
    erased.insert(d.removed.begin(), d.removed.end());
    Operation *anchor = d.removed.front();
    if (auto region = dyn_cast<RecomputeOp>(anchor)) {
      // Each recomputed value's readers read a stash of the forward value,
      // right after its producer, as echo-remat's input stashes are.
      for (auto [result, kept] : llvm::zip_equal(region.getResults(), d.kept)) {
        if (result.use_empty())
          continue;
        OpBuilder b(region.getContext());
        if (Operation *producer = kept.getDefiningOp())
          b.setInsertionPointAfter(producer);
        else
          b.setInsertionPointToStart(region->getBlock());
        result.replaceAllUsesWith(
            StashOp::create(b, kept.getLoc(), kept.getType(), kept)
                .getResult());
      }
      eraseReadersFirst(d.removed);
      continue;
    }
    Value kept = valueKept(d);
    if (isa<EncodeOp>(anchor) && !kept.getDefiningOp<StashOp>()) {
      // Backward ops read stashes (the Baseline's form); one where the
      // encode was, which is after the value's last forward use.
      OpBuilder b(anchor);
      kept = StashOp::create(b, anchor->getLoc(), kept.getType(), kept);
    }
    for (Operation *op : d.removed)
      if (isa<DecodeOp>(op) || (isa<PrefetchOp>(op) && !isa<EncodeOp>(anchor)))
        op->getResult(0).replaceAllUsesWith(kept);
    eraseReadersFirst(d.removed);
  }
}
