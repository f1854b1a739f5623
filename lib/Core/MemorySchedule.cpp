//===- MemorySchedule.cpp - Op orders that lower the live-bytes peak ------===//

#include "EchoDialect/Core/MemorySchedule.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

using namespace mlir::echo;

namespace {

/// Every node's predecessors, the definers of what it reads included,
/// sorted and without repeats. Assumes a verified graph.
std::vector<std::vector<unsigned>> allPreds(const ScheduleGraph &g) {
  std::vector<int64_t> definer(g.bufferBytes.size(), -1);
  for (unsigned n = 0; n < g.nodes.size(); ++n)
    for (unsigned b : g.nodes[n].defines)
      definer[b] = n;
  std::vector<std::vector<unsigned>> preds(g.nodes.size());
  for (unsigned n = 0; n < g.nodes.size(); ++n) {
    std::vector<unsigned> &p = preds[n];
    p = g.nodes[n].preds;
    for (unsigned b : g.nodes[n].reads)
      if (definer[b] >= 0 && unsigned(definer[b]) != n)
        p.push_back(unsigned(definer[b]));
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  return preds;
}

std::vector<std::vector<unsigned>>
successorsOf(const std::vector<std::vector<unsigned>> &preds) {
  std::vector<std::vector<unsigned>> succ(preds.size());
  for (unsigned n = 0; n < preds.size(); ++n)
    for (unsigned p : preds[n])
      succ[p].push_back(n); // ascending n: already sorted
  return succ;
}

/// The buffers a node reads, without repeats.
std::vector<std::vector<unsigned>> distinctReads(const ScheduleGraph &g) {
  std::vector<std::vector<unsigned>> reads(g.nodes.size());
  for (unsigned n = 0; n < g.nodes.size(); ++n) {
    reads[n] = g.nodes[n].reads;
    std::sort(reads[n].begin(), reads[n].end());
    reads[n].erase(std::unique(reads[n].begin(), reads[n].end()),
                   reads[n].end());
  }
  return reads;
}

/// Live-bytes bookkeeping of the list scheduler: how many readers of each
/// buffer have not run yet, and what running a node would change.
class LiveState {
public:
  explicit LiveState(const ScheduleGraph &g)
      : g(g), reads(distinctReads(g)), remaining(g.bufferBytes.size(), 0),
        mark(g.bufferBytes.size(), 0) {
    for (const auto &r : reads)
      for (unsigned b : r)
        ++remaining[b];
  }

  /// Bytes the node allocates and frees if it ran now; `ran` (or -1) is a
  /// node assumed to have run just before it.
  std::pair<int64_t, int64_t> effect(unsigned n, int64_t ran = -1) {
    ++stamp;
    if (ran >= 0)
      for (unsigned b : reads[ran])
        mark[b] = stamp;
    auto left = [&](unsigned b) {
      return remaining[b] - (mark[b] == stamp ? 1 : 0);
    };
    // In-place handovers: (dying read buffer, defined buffer).
    std::vector<unsigned> handed, handedTo;
    auto contains = [](const std::vector<unsigned> &v, unsigned x) {
      return std::find(v.begin(), v.end(), x) != v.end();
    };
    for (auto [a, b] : g.nodes[n].inPlace)
      if (a != b && left(a) == 1 && g.bufferBytes[a] == g.bufferBytes[b] &&
          !contains(handed, a) && !contains(handedTo, b)) {
        handed.push_back(a);
        handedTo.push_back(b);
      }
    int64_t alloc = 0, freed = 0;
    for (unsigned b : g.nodes[n].defines) {
      if (!contains(handedTo, b))
        alloc += g.bufferBytes[b];
      if (remaining[b] == 0) // never read: dies at once
        freed += g.bufferBytes[b];
    }
    for (unsigned b : reads[n])
      if (left(b) == 1 && !contains(handed, b))
        freed += g.bufferBytes[b];
    return {alloc, freed};
  }

  int64_t readersLeft(unsigned b) const { return remaining[b]; }

  void run(unsigned n) {
    for (unsigned b : reads[n])
      --remaining[b];
  }

private:
  const ScheduleGraph &g;
  std::vector<std::vector<unsigned>> reads;
  std::vector<int64_t> remaining;
  std::vector<uint64_t> mark;
  uint64_t stamp = 0;
};

} // namespace

const char *mlir::echo::scheduleKindName(ScheduleKind kind) {
  switch (kind) {
  case ScheduleKind::Input:
    return "input";
  case ScheduleKind::DepthFirst:
    return "dfs";
  case ScheduleKind::List:
    return "list";
  }
  return "?";
}

std::string mlir::echo::verifyScheduleGraph(const ScheduleGraph &g) {
  size_t nodes = g.nodes.size(), buffers = g.bufferBytes.size();
  std::vector<int> definedBy(buffers, -1);
  for (unsigned n = 0; n < nodes; ++n) {
    const ScheduleGraph::Node &node = g.nodes[n];
    for (unsigned b : node.defines) {
      if (b >= buffers)
        return "node " + std::to_string(n) + " defines unknown buffer " +
               std::to_string(b);
      if (definedBy[b] >= 0)
        return "buffer " + std::to_string(b) + " defined twice";
      definedBy[b] = n;
    }
    for (unsigned b : node.reads)
      if (b >= buffers)
        return "node " + std::to_string(n) + " reads unknown buffer " +
               std::to_string(b);
    for (unsigned p : node.preds)
      if (p >= nodes || p == n)
        return "node " + std::to_string(n) + " has invalid pred " +
               std::to_string(p);
    for (auto [a, b] : node.inPlace)
      if (a >= buffers || b >= buffers)
        return "node " + std::to_string(n) + " has an invalid in-place pair";
  }
  for (int64_t bytes : g.bufferBytes)
    if (bytes < 0)
      return "negative buffer size";
  // Acyclic: Kahn's algorithm must reach every node.
  auto preds = allPreds(g);
  auto succ = successorsOf(preds);
  std::vector<size_t> indeg(nodes);
  std::vector<unsigned> ready;
  for (unsigned n = 0; n < nodes; ++n)
    if ((indeg[n] = preds[n].size()) == 0)
      ready.push_back(n);
  size_t seen = 0;
  while (!ready.empty()) {
    unsigned n = ready.back();
    ready.pop_back();
    ++seen;
    for (unsigned s : succ[n])
      if (--indeg[s] == 0)
        ready.push_back(s);
  }
  if (seen != nodes)
    return "the ordering constraints have a cycle";
  return "";
}

bool mlir::echo::isValidOrder(const ScheduleGraph &g,
                              const std::vector<unsigned> &order) {
  size_t nodes = g.nodes.size();
  if (order.size() != nodes)
    return false;
  std::vector<int64_t> pos(nodes, -1);
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i] >= nodes || pos[order[i]] >= 0)
      return false;
    pos[order[i]] = i;
  }
  auto preds = allPreds(g);
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned p : preds[n])
      if (pos[p] > pos[n])
        return false;
  return true;
}

std::vector<unsigned> mlir::echo::inputOrder(const ScheduleGraph &g) {
  std::vector<unsigned> order(g.nodes.size());
  std::iota(order.begin(), order.end(), 0u);
  return order;
}

std::vector<unsigned> mlir::echo::depthFirstOrder(const ScheduleGraph &g) {
  auto preds = allPreds(g);
  auto succ = successorsOf(preds);
  auto reads = distinctReads(g);
  std::vector<std::vector<unsigned>> readers(g.bufferBytes.size());
  for (unsigned n = 0; n < g.nodes.size(); ++n)
    for (unsigned b : reads[n])
      readers[b].push_back(n);
  std::vector<size_t> indeg(g.nodes.size());
  std::vector<bool> done(g.nodes.size(), false);
  std::vector<unsigned> stack;
  for (unsigned n = g.nodes.size(); n-- > 0;)
    if ((indeg[n] = preds[n].size()) == 0)
      stack.push_back(n);
  LiveState state(g);
  std::vector<unsigned> order;
  order.reserve(g.nodes.size());
  while (!stack.empty()) {
    unsigned n = stack.back();
    stack.pop_back();
    order.push_back(n);
    done[n] = true;
    state.run(n);
    // Push newly ready successors last-first: the first one runs next, and
    // its branch is followed to its join before the others start.
    size_t mark = stack.size();
    for (unsigned s : succ[n])
      if (--indeg[s] == 0)
        stack.push_back(s);
    std::reverse(stack.begin() + mark, stack.end());
    // Release as soon as nothing else depends (Dymem frees a tensor when
    // its last dependent ran): a ready op that is now the last reader of
    // a buffer and frees at least what it allocates runs next. Without
    // this, ops such as Gist's encode after a feature map's last forward
    // use wait at the bottom of the stack until the forward pass ends.
    for (unsigned b : reads[n]) {
      if (state.readersLeft(b) != 1)
        continue;
      for (unsigned r : readers[b]) {
        if (done[r] || indeg[r] != 0)
          continue;
        auto [alloc, freed] = state.effect(r);
        auto it = std::find(stack.begin(), stack.end(), r);
        if (alloc <= freed && it != stack.end()) {
          stack.erase(it);
          stack.push_back(r);
        }
      }
    }
  }
  return order;
}

std::vector<unsigned> mlir::echo::memoryAwareOrder(const ScheduleGraph &g) {
  auto preds = allPreds(g);
  auto succ = successorsOf(preds);
  size_t nodes = g.nodes.size();
  std::vector<size_t> pending(nodes);
  std::vector<uint64_t> readiedAt(nodes, 0);
  uint64_t clock = 0;
  std::vector<unsigned> ready;
  for (unsigned n = 0; n < nodes; ++n)
    if ((pending[n] = preds[n].size()) == 0)
      ready.push_back(n);
  LiveState state(g);
  std::vector<unsigned> order;
  order.reserve(nodes);
  while (!ready.empty()) {
    // Key: (bytes left live, bytes allocated, -readied, input index).
    using Key = std::tuple<int64_t, int64_t, int64_t, unsigned>;
    Key best{std::numeric_limits<int64_t>::max(), 0, 0, 0};
    size_t bestAt = 0;
    for (size_t i = 0; i < ready.size(); ++i) {
      unsigned n = ready[i];
      auto [alloc, freed] = state.effect(n);
      int64_t net = alloc - freed;
      // Lookahead through joins: a successor waiting only on n runs next at
      // best; count the pair when that leaves fewer bytes live.
      int64_t through = net;
      for (unsigned s : succ[n])
        if (pending[s] == 1) {
          auto [a2, f2] = state.effect(s, n);
          through = std::min(through, net + a2 - f2);
        }
      Key key{through, alloc, -int64_t(readiedAt[n]), n};
      if (key < best) {
        best = key;
        bestAt = i;
      }
    }
    unsigned n = ready[bestAt];
    ready.erase(ready.begin() + bestAt);
    state.run(n);
    order.push_back(n);
    ++clock;
    for (unsigned s : succ[n])
      if (--pending[s] == 0) {
        readiedAt[s] = clock;
        ready.push_back(s);
      }
  }
  return order;
}

std::vector<unsigned> mlir::echo::orderOf(const ScheduleGraph &g,
                                          ScheduleKind kind) {
  switch (kind) {
  case ScheduleKind::Input:
    return inputOrder(g);
  case ScheduleKind::DepthFirst:
    return depthFirstOrder(g);
  case ScheduleKind::List:
    return memoryAwareOrder(g);
  }
  return inputOrder(g);
}

int64_t mlir::echo::modelPeak(const ScheduleGraph &g,
                              const std::vector<unsigned> &order) {
  size_t nodes = g.nodes.size(), buffers = g.bufferBytes.size();
  std::vector<int64_t> pos(nodes);
  for (size_t i = 0; i < order.size(); ++i)
    pos[order[i]] = i;
  std::vector<int64_t> start(buffers, -1), end(buffers, -1);
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned b : g.nodes[n].defines)
      start[b] = end[b] = pos[n];
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned b : g.nodes[n].reads)
      end[b] = std::max(end[b], pos[n]);

  // Slots, as echo-buffer-assign forms them: in order, a defined buffer
  // joins the slot of a read buffer whose slot ends at this node, when the
  // sizes match and it is not in a shared slot yet.
  std::vector<unsigned> slot(buffers);
  std::iota(slot.begin(), slot.end(), 0u);
  std::vector<int64_t> slotEnd = end;
  std::vector<bool> shared(buffers, false);
  for (unsigned n : order)
    for (auto [a, b] : g.nodes[n].inPlace) {
      unsigned leader = slot[a];
      if (a == b || shared[b] || start[a] < 0 || start[b] < 0 ||
          g.bufferBytes[a] != g.bufferBytes[b] ||
          start[b] != pos[n] || slotEnd[leader] != pos[n])
        continue;
      slot[b] = leader;
      shared[b] = shared[a] = true;
      slotEnd[leader] = std::max(slotEnd[leader], end[b]);
    }
  std::vector<int64_t> delta(nodes + 1, 0);
  for (unsigned b = 0; b < buffers; ++b) {
    if (slot[b] != b || start[b] < 0)
      continue;
    delta[start[b]] += g.bufferBytes[b];
    delta[slotEnd[b] + 1] -= g.bufferBytes[b];
  }
  int64_t live = 0, peak = 0;
  for (size_t p = 0; p < nodes; ++p)
    peak = std::max(peak, live += delta[p]);
  return peak;
}
