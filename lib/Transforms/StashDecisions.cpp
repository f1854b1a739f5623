//===- StashDecisions.cpp - Per-value memory decisions taken back ---------===//

#include "StashDecisions.h"
#include "StepTasks.h"

#include "EchoDialect/Core/LiveProfile.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EchoTypes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
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

/// A decision's reversal in one function: the value whose producer its
/// readers then wait for.
Value valueKept(const StashDecision &d) {
  if (auto encode = dyn_cast<EncodeOp>(d.removed.front()))
    return encode.getInput();
  return cast<OffloadOp>(d.removed.front()).getInput();
}

/// One function's tasks, as stepTasks gives them.
struct FunctionTasks {
  std::vector<StreamTask> tasks;
  llvm::DenseMap<Operation *, unsigned> index;
  // simulate's buffers.
  mutable std::vector<StreamTask> kept;
  mutable std::vector<int> renumbered;
  mutable StreamTimeline timeline;

  FunctionTasks(func::FuncOp fn, const DeviceProfile &profile) {
    std::vector<Operation *> ops;
    tasks = stepTasks(fn.front(), profile, ops);
    for (auto [i, op] : llvm::enumerate(ops))
      index[op] = i;
  }

  /// The step with each task of `removed` (value -1: kept) dropped and
  /// its readers waiting for task `removed[i]` (-2: nothing) instead. It
  /// runs once per decision (thousands in an unrolled RNN), so the kept
  /// list reuses its buffers from call to call.
  double simulate(const std::vector<int> &removed) const {
    kept.resize(tasks.size());
    renumbered.assign(tasks.size(), -1);
    size_t n = 0;
    for (unsigned i = 0; i < tasks.size(); ++i) {
      if (removed[i] != -1)
        continue;
      StreamTask &task = kept[n];
      task.stream = tasks[i].stream;
      task.seconds = tasks[i].seconds;
      task.waitsFor.clear();
      for (unsigned w : tasks[i].waitsFor) {
        int source = int(w);
        while (source >= 0 && removed[source] != -1)
          source = removed[source] == -2 ? -1 : removed[source];
        if (source >= 0)
          task.waitsFor.push_back(renumbered[source]);
      }
      renumbered[i] = n++;
    }
    // The places of the tasks taken back, at the end: no time, no wait.
    for (size_t i = n; i < kept.size(); ++i) {
      kept[i].stream = Stream::Compute;
      kept[i].seconds = 0;
      kept[i].waitsFor.clear();
    }
    // The tasks come from a verified step; a malformed list cannot arise.
    (void)simulateStreams(kept, timeline, /*overlap=*/false);
    return timeline.stepSeconds;
  }

  /// Marks the tasks of `d` in `removed`.
  void mark(const StashDecision &d, std::vector<int> &removed) const {
    Operation *producer = valueKept(d).getDefiningOp();
    auto it = producer ? index.find(producer) : index.end();
    int source = it == index.end() ? -2 : int(it->second);
    for (Operation *op : d.removed)
      removed[index.lookup(op)] = source;
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
  /// readers included), or its producer's.
  int64_t lastUse(Value v) {
    int64_t last = -1;
    if (Operation *def = v.getDefiningOp())
      last = position.lookup(def);
    for (Operation *user : v.getUsers()) {
      if (auto stash = dyn_cast<StashOp>(user))
        last = std::max(last, lastUse(stash.getResult()));
      else if (Operation *inBlock = block.findAncestorOpInBlock(*user))
        last = std::max(last, position.lookup(inBlock));
    }
    return last;
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
    Value kept = valueKept(d);
    while (auto stash = kept.getDefiningOp<StashOp>())
      kept = stash.getInput();
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
  for (size_t i = 0; i < n; ++i)
    changes[i] = live[decisions[i].function]->changesOf(decisions[i]);

  int64_t peak = largestPeak();
  auto growth = [&](size_t i) {
    const LiveProfile &profile = live[decisions[i].function]->profile;
    return std::max<int64_t>(0, profile.peakWith(changes[i]) - peak);
  };
  // Seconds per byte of growth; free ones first, useless ones last.
  auto key = [&](size_t i, int64_t grows) {
    if (decisions[i].seconds <= 0)
      return -1.0;
    if (grows == 0)
      return std::numeric_limits<double>::infinity();
    return decisions[i].seconds / double(grows);
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
  return problem;
}

std::vector<StashDecision>
mlir::echo::stashDecisions(ArrayRef<func::FuncOp> functions,
                           const DeviceProfile &profile) {
  std::vector<StashDecision> decisions;
  for (auto [f, constFn] : llvm::enumerate(functions)) {
    func::FuncOp fn = constFn;
    if (!fn || !fn.getBody().hasOneBlock())
      continue;
    size_t first = decisions.size();
    llvm::DenseSet<Operation *> claimed;
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
      } else if (auto offload = dyn_cast<OffloadOp>(op)) {
        if (claimed.contains(offload) ||
            !collectOffload(offload, /*decodes=*/false, d.removed))
          continue;
        d.bytes = getStorageBytes(offload.getInput().getType());
      } else {
        continue;
      }
      d.bytes = std::max<int64_t>(d.bytes, 1);
      claimed.insert(d.removed.begin(), d.removed.end());
      decisions.push_back(std::move(d));
    }
    if (decisions.size() == first)
      continue;
    // Each decision's saving, taken back alone.
    FunctionTasks tasks(fn, profile);
    std::vector<int> none(tasks.tasks.size(), -1);
    double whole = tasks.simulate(none);
    for (size_t i = first; i < decisions.size(); ++i) {
      std::vector<int> removed = none;
      tasks.mark(decisions[i], removed);
      decisions[i].seconds = std::max(0.0, whole - tasks.simulate(removed));
    }
  }
  // Most seconds per byte first; the stable sort keeps function and
  // program order among equals.
  std::stable_sort(decisions.begin(), decisions.end(),
                   [](const StashDecision &a, const StashDecision &b) {
                     return a.seconds * double(b.bytes) >
                            b.seconds * double(a.bytes);
                   });
  return decisions;
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
    std::vector<int> removed(tasks.tasks.size(), -1);
    for (const StashDecision &d : decisions.take_front(count))
      if (d.function == f)
        tasks.mark(d, removed);
    seconds += tasks.simulate(removed);
  }
  return seconds;
}

void mlir::echo::takeBack(ArrayRef<StashDecision> decisions, unsigned count) {
  for (const StashDecision &d : decisions.take_front(count)) {
    Value kept = valueKept(d);
    Operation *anchor = d.removed.front();
    if (isa<EncodeOp>(anchor) && !kept.getDefiningOp<StashOp>()) {
      // Backward ops read stashes (the Baseline's form); one where the
      // encode was, which is after the value's last forward use.
      OpBuilder b(anchor);
      kept = StashOp::create(b, anchor->getLoc(), kept.getType(), kept);
    }
    for (Operation *op : d.removed)
      if (isa<DecodeOp>(op) || (isa<PrefetchOp>(op) && !isa<EncodeOp>(anchor)))
        op->getResult(0).replaceAllUsesWith(kept);
    SmallVector<Operation *> erase(d.removed.begin(), d.removed.end());
    llvm::sort(erase, [](Operation *a, Operation *b) {
      return b->isBeforeInBlock(a); // readers first
    });
    for (Operation *op : erase)
      op->erase();
  }
}
