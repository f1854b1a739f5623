//===- RematMilp.cpp - Optimal recomputation as a MILP ---------------------===//
//
// evaluate() replays the peak model's arithmetic on the graph; the MILP
// states the same arithmetic with linear constraints:
//   r[v]      binary: v is recomputed
//   b[w,q]    binary: w is in the body of region q (closed over recomputed
//             operands of the same subgraph, so it follows from r)
//   in[u,q]   u is read by region q from outside its body
//   ow[u,q]   region q may write over u where u dies there (in place)
//   l[u,p]    u's own storage is live at point p (monotone: an interval)
//   e[u,p]    u's encoded copy for regions is live at p
//   y[t,k,q]  temporary t of region q is live at body position k
//   I[q]      region q's internal peak; P the step's peak
// Continuous variables are only bounded from below by the binary ones, and
// every one of them only adds bytes, so at any optimum P is the peak
// evaluate() gives for r. Rows are kept only at points that can reach the
// lowest peak possible (an upper bound of their bytes against a lower bound
// of the peak), which changes nothing of the optimum.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/RematMilp.h"
#include "EchoDialect/Core/MilpSolver.h"
#include "EchoDialect/Core/Progress.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MD5.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>

using namespace mlir::echo;

namespace {

constexpr double kInfinity = kMilpInfinity;
/// Programs with more lifetime columns than this are not built (the
/// formulation and CBC's root LP, which no node limit bounds, would take
/// too long).
constexpr int64_t kMaxColumns = 40000;
/// Past this many temporary-liveness columns a region's internal peak is
/// bounded by the sum of its temporaries instead.
constexpr int64_t kMaxInternalColumns = 20000;

/// A region point before the first backward reader `first`.
int64_t regionPoint(int64_t first) { return first % 2 ? first - 1 : first; }

/// One potential region: a subgraph's values whose first backward reader
/// is at one point, and the ancestors its body may hold.
struct Region {
  int group = -1;
  int64_t at = 0;
  std::vector<int> yielders;   // recomputable nodes with readers at `at`
  std::vector<int> candidates; // their ancestors in the group, ascending
};

/// Per node: the other results of its op (nodes sharing its decision).
std::vector<std::vector<int>> siblingsOf(const RematGraph &graph) {
  std::vector<std::vector<int>> siblings(graph.nodes.size());
  for (int v = 0; v < int(graph.nodes.size()); ++v)
    if (int first = graph.nodes[v].sameOp; first >= 0) {
      for (int s : siblings[first]) {
        siblings[s].push_back(v);
        siblings[v].push_back(s);
      }
      siblings[first].push_back(v);
      siblings[v].push_back(first);
    }
  return siblings;
}

/// `recompute` with every later result following its op's first.
std::vector<bool> byOp(const RematGraph &graph, std::vector<bool> recompute) {
  for (size_t v = 0; v < graph.nodes.size(); ++v)
    if (int first = graph.nodes[v].sameOp; first >= 0)
      recompute[v] = recompute[first];
  return recompute;
}

std::vector<Region> regionsOf(const RematGraph &graph) {
  std::vector<std::vector<int>> siblings = siblingsOf(graph);
  std::map<std::pair<int, int64_t>, Region> byKey;
  for (int v = 0; v < int(graph.nodes.size()); ++v) {
    const RematGraph::Node &node = graph.nodes[v];
    if (node.group < 0 || node.stashUses.empty())
      continue;
    Region &region = byKey[{node.group, regionPoint(node.stashUses.front())}];
    region.group = node.group;
    region.at = regionPoint(node.stashUses.front());
    region.yielders.push_back(v);
  }
  std::vector<Region> result;
  for (auto &[key, region] : byKey) {
    std::set<int> seen(region.yielders.begin(), region.yielders.end());
    std::vector<int> worklist = region.yielders;
    while (!worklist.empty()) {
      int w = worklist.back();
      worklist.pop_back();
      for (const RematGraph::Operand &o : graph.nodes[w].operands)
        if (graph.nodes[o.node].group == region.group &&
            seen.insert(o.node).second)
          worklist.push_back(o.node);
      for (int s : siblings[w])
        if (seen.insert(s).second)
          worklist.push_back(s);
    }
    region.candidates.assign(seen.begin(), seen.end());
    result.push_back(std::move(region));
  }
  return result;
}

/// The body of `region` under `recompute`: recomputed yielders and their
/// recomputed ancestors in the group (a subset of the candidates).
std::vector<bool> bodyOf(const RematGraph &graph, const Region &region,
                         const std::vector<bool> &recompute) {
  std::vector<std::vector<int>> siblings = siblingsOf(graph);
  std::vector<bool> in(graph.nodes.size(), false);
  std::vector<int> worklist;
  for (int v : region.yielders)
    if (recompute[v] && !in[v]) {
      in[v] = true;
      worklist.push_back(v);
    }
  while (!worklist.empty()) {
    int w = worklist.back();
    worklist.pop_back();
    for (const RematGraph::Operand &o : graph.nodes[w].operands)
      if (graph.nodes[o.node].group == region.group && recompute[o.node] &&
          !in[o.node]) {
        in[o.node] = true;
        worklist.push_back(o.node);
      }
    // The op is re-run whole: its other results are temporaries.
    for (int s : siblings[w])
      if (!in[s]) {
        in[s] = true;
        worklist.push_back(s);
      }
  }
  return in;
}

bool yieldsAt(const RematGraph &graph, int v, const Region &region) {
  const RematGraph::Node &node = graph.nodes[v];
  return node.group == region.group && !node.stashUses.empty() &&
         regionPoint(node.stashUses.front()) == region.at;
}

bool contains(const std::vector<int64_t> &points, int64_t p) {
  return std::find(points.begin(), points.end(), p) != points.end();
}

} // namespace

RematOutcome mlir::echo::evaluate(const RematGraph &graph,
                                  const std::vector<bool> &decided) {
  std::vector<bool> recompute = byOp(graph, decided);
  std::vector<std::vector<int>> siblings = siblingsOf(graph);
  int64_t points = graph.points();
  std::vector<int64_t> delta(points + 1, 0);
  auto add = [&](int64_t start, int64_t end, int64_t bytes) {
    start = std::max<int64_t>(start, 0);
    end = std::min(end, points - 1);
    if (start > end || bytes == 0)
      return;
    delta[start] += bytes;
    delta[end + 1] -= bytes;
  };
  size_t n = graph.nodes.size();
  std::vector<std::vector<int64_t>> regionUses(n), overwritten(n);
  RematOutcome outcome;
  for (const Region &region : regionsOf(graph)) {
    std::vector<bool> body = bodyOf(graph, region, recompute);
    std::vector<int> order;
    for (int w : region.candidates)
      if (body[w])
        order.push_back(w);
    if (order.empty())
      continue;
    // Inputs: operands outside the body; overwritten where a body op may.
    std::map<int, bool> inputs;
    for (int w : order) {
      outcome.flops += graph.nodes[w].flops;
      for (const RematGraph::Operand &o : graph.nodes[w].operands)
        if (!body[o.node])
          inputs[o.node] |= o.overwrites;
    }
    int64_t decoded = 0;
    for (auto [u, overwrites] : inputs) {
      regionUses[u].push_back(region.at);
      if (overwrites)
        overwritten[u].push_back(region.at);
      if (graph.nodes[u].regionBytes)
        decoded += graph.nodes[u].bytes;
    }
    // Temporaries: body values not yielded here, live from their op to
    // their last reader in the body (before it when that reader writes
    // over them).
    std::map<int, size_t> position;
    for (size_t i = 0; i < order.size(); ++i)
      position[order[i]] = i;
    std::vector<int64_t> diesBefore(order.size(), 0), diesAfter(order.size(), 0);
    std::vector<std::vector<std::pair<size_t, bool>>> readers(n);
    for (size_t i = 0; i < order.size(); ++i) {
      for (const RematGraph::Operand &o : graph.nodes[order[i]].operands)
        if (body[o.node])
          readers[o.node].push_back({i, o.lastOverwrites});
      // An op's results are allocated together: each lives at least
      // until its op's last result is.
      for (int s : siblings[order[i]])
        if (body[s] && s < order[i])
          readers[s].push_back({i, false});
    }
    int64_t live = 0, peak = 0;
    for (size_t i = 0; i < order.size(); ++i) {
      live -= diesBefore[i];
      int t = order[i];
      if (!(recompute[t] && yieldsAt(graph, t, region))) {
        size_t last = i;
        bool overwrites = false;
        for (auto [k, ow] : readers[t])
          if (k >= last) {
            last = k;
            overwrites = ow;
          }
        live += graph.nodes[t].bytes;
        (last > i && overwrites ? diesBefore : diesAfter)[last] +=
            graph.nodes[t].bytes;
      }
      peak = std::max(peak, live);
      live -= diesAfter[i];
    }
    add(region.at, region.at, peak + decoded);
    for (int v : region.yielders)
      if (recompute[v])
        add(region.at, graph.nodes[v].stashUses.back(), graph.nodes[v].bytes);
  }
  for (size_t u = 0; u < n; ++u) {
    const RematGraph::Node &node = graph.nodes[u];
    bool kept = !recompute[u] || node.group < 0;
    std::vector<int64_t> uses = regionUses[u];
    uses.insert(uses.end(), node.fixedRegionUses.begin(),
                node.fixedRegionUses.end());
    int64_t last = node.forwardEnd;
    if (kept && !node.maskBytes && !node.stashUses.empty())
      last = std::max(last, node.stashUses.back());
    int64_t lastRegion = uses.empty() ? -1 : *std::max_element(uses.begin(),
                                                              uses.end());
    if (!node.regionBytes)
      last = std::max(last, lastRegion);
    if (last > node.def && (contains(node.overwrittenAt, last) ||
                            contains(overwritten[u], last)))
      --last;
    add(node.def, last, node.bytes);
    if (kept && node.maskBytes && !node.stashUses.empty())
      add(node.forwardEnd, node.stashUses.back(), node.maskBytes);
    if (node.regionBytes && lastRegion >= 0)
      add(node.forwardEnd, lastRegion, node.regionBytes);
  }
  int64_t live = 0;
  outcome.peak = 0;
  for (int64_t p = 0; p < points; ++p) {
    live += delta[p];
    outcome.peak = std::max(outcome.peak, live + graph.base[p]);
  }
  return outcome;
}

namespace {

/// The program, CBC run in a child process (Core/MilpSolver.h).
using Program = MilpProgram;

/// The program of one graph, its columns named for reading solutions.
struct Formulation {
  Program program;
  int peak = -1;
  std::vector<int> r;                      // per node, -1 if fixed kept
  std::vector<Region> regions;
  std::vector<std::map<int, int>> b;       // per region: node -> column
  std::vector<double> flopsObjective, peakObjective;
  double unit = 1; // bytes per unit of the program
  bool tooLarge = false, exactInternal = true;
};

int64_t gcdOf(const RematGraph &graph) {
  int64_t g = 0;
  for (const RematGraph::Node &node : graph.nodes)
    g = std::gcd(g, std::gcd(node.bytes, std::gcd(node.maskBytes,
                                                  node.regionBytes)));
  for (int64_t bytes : graph.base)
    g = std::gcd(g, bytes);
  return g ? g : 1;
}

Formulation formulate(const RematGraph &graph) {
  Formulation f;
  Program &prog = f.program;
  const auto &nodes = graph.nodes;
  int n = int(nodes.size());
  int64_t points = graph.points();
  f.unit = double(gcdOf(graph));
  auto units = [&](int64_t bytes) { return double(bytes) / f.unit; };
  f.regions = regionsOf(graph);

  f.peak = prog.column(0, kInfinity, false);
  f.r.assign(n, -1);
  for (int v = 0; v < n; ++v)
    if (graph.recomputable(v))
      f.r[v] = prog.column(0, 1, true);
  // An op's results share its decision.
  for (int v = 0; v < n; ++v)
    if (int first = nodes[v].sameOp; first >= 0 && f.r[v] >= 0) {
      prog.atLeast({{f.r[v], 1}, {f.r[first], -1}}, 0);
      prog.atLeast({{f.r[first], 1}, {f.r[v], -1}}, 0);
    }
  std::vector<std::vector<int>> siblings = siblingsOf(graph);

  // Readers of each node (graph order), for bodies and temporaries.
  std::vector<std::vector<std::pair<int, const RematGraph::Operand *>>>
      readers(n);
  for (int w = 0; w < n; ++w)
    for (const RematGraph::Operand &o : nodes[w].operands)
      readers[o.node].push_back({w, &o});

  // Per node: its region uses (region index) and the latest point any use
  // may reach, for the lifetime columns.
  std::vector<std::vector<int>> usedBy(n);
  for (size_t q = 0; q < f.regions.size(); ++q) {
    std::set<int> inputs;
    std::set<int> cands(f.regions[q].candidates.begin(),
                        f.regions[q].candidates.end());
    for (int w : f.regions[q].candidates)
      for (const RematGraph::Operand &o : nodes[w].operands)
        inputs.insert(o.node);
    for (int u : inputs)
      usedBy[u].push_back(int(q));
  }
  auto maxEnd = [&](int u) {
    const RematGraph::Node &node = nodes[u];
    int64_t last = node.forwardEnd;
    if (!node.maskBytes && !node.stashUses.empty())
      last = std::max(last, node.stashUses.back());
    if (!node.regionBytes) {
      for (int64_t a : node.fixedRegionUses)
        last = std::max(last, a);
      for (int q : usedBy[u])
        last = std::max(last, f.regions[q].at);
    }
    return last;
  };
  auto lastRegionUse = [&](int u) {
    int64_t last = -1;
    for (int64_t a : nodes[u].fixedRegionUses)
      last = std::max(last, a);
    for (int q : usedBy[u])
      last = std::max(last, f.regions[q].at);
    return last;
  };

  // Which points need a row: an upper bound of their bytes reaches a lower
  // bound of the peak (what is live whatever the decisions).
  std::vector<int64_t> high(points + 1, 0), low(points + 1, 0);
  auto range = [&](std::vector<int64_t> &d, int64_t s, int64_t e, int64_t v) {
    s = std::max<int64_t>(s, 0);
    e = std::min(e, points - 1);
    if (s > e)
      return;
    d[s] += v;
    d[e + 1] -= v;
  };
  for (int u = 0; u < n; ++u) {
    const RematGraph::Node &node = nodes[u];
    range(high, node.def, maxEnd(u), node.bytes);
    range(low, node.def, std::max(node.def, node.forwardEnd - 1), node.bytes);
    if (node.maskBytes && !node.stashUses.empty()) {
      range(high, node.forwardEnd, node.stashUses.back(), node.maskBytes);
      if (!graph.recomputable(u))
        range(low, node.forwardEnd, node.stashUses.back(), node.maskBytes);
    }
    if (node.regionBytes)
      range(high, node.forwardEnd, lastRegionUse(u), node.regionBytes);
    if (graph.recomputable(u) && !node.stashUses.empty())
      range(high, regionPoint(node.stashUses.front()), node.stashUses.back(),
            node.bytes);
  }
  for (const Region &region : f.regions) {
    int64_t bytes = 0;
    for (int w : region.candidates) {
      bytes += nodes[w].bytes;
      for (const RematGraph::Operand &o : nodes[w].operands)
        bytes += nodes[o.node].regionBytes ? nodes[o.node].bytes : 0;
    }
    range(high, region.at, region.at, bytes);
  }
  int64_t lowerBound = 0;
  std::vector<bool> isRow(points, false);
  {
    int64_t h = 0, l = 0;
    std::vector<int64_t> hs(points);
    for (int64_t p = 0; p < points; ++p) {
      h += high[p];
      l += low[p];
      hs[p] = h + graph.base[p];
      lowerBound = std::max(lowerBound, l + graph.base[p]);
    }
    for (int64_t p = 0; p < points; ++p)
      isRow[p] = hs[p] >= lowerBound;
  }
  std::vector<int64_t> rowPoints;
  for (int64_t p = 0; p < points; ++p)
    if (isRow[p])
      rowPoints.push_back(p);
  // The program's size before building it.
  {
    int64_t lifetimes = 0, internals = 0;
    auto rowsIn = [&](int64_t s, int64_t e) {
      return int64_t(std::upper_bound(rowPoints.begin(), rowPoints.end(), e) -
                     std::upper_bound(rowPoints.begin(), rowPoints.end(), s));
    };
    for (int u = 0; u < n; ++u)
      lifetimes += rowsIn(nodes[u].def, maxEnd(u));
    for (const Region &region : f.regions) {
      lifetimes += int64_t(region.candidates.size());
      if (!isRow[region.at])
        continue;
      std::map<int, size_t> position;
      for (size_t i = 0; i < region.candidates.size(); ++i)
        position[region.candidates[i]] = i;
      for (size_t i = 0; i < region.candidates.size(); ++i) {
        size_t last = i;
        for (auto [reader, operand] : readers[region.candidates[i]])
          if (auto it = position.find(reader); it != position.end())
            last = std::max(last, it->second);
        internals += int64_t(last - i);
      }
    }
    if (lifetimes > kMaxColumns) {
      f.tooLarge = true;
      return f;
    }
    f.exactInternal = internals <= kMaxInternalColumns;
  }
  // The terms of each row, filled in below; P >= base + terms.
  std::map<int64_t, Program::Terms> rowTerms;
  std::map<int64_t, double> rowConstant;
  for (int64_t p : rowPoints) {
    rowTerms[p] = {{f.peak, 1.0}};
    rowConstant[p] = units(graph.base[p]);
  }
  auto addOver = [&](int64_t s, int64_t e, int column, double coef) {
    for (auto it = std::lower_bound(rowPoints.begin(), rowPoints.end(), s);
         it != rowPoints.end() && *it <= e; ++it) {
      if (column < 0)
        rowConstant[*it] += coef;
      else
        rowTerms[*it].push_back({column, -coef});
    }
  };

  // Bodies.
  f.b.resize(f.regions.size());
  f.flopsObjective.assign(0, 0);
  std::vector<std::pair<int, double>> flopsTerms;
  std::map<std::pair<int, int>, int> inputColumn; // (u, q) -> in
  std::map<std::pair<int, int>, int> owColumn;    // (u, q) -> ow
  for (size_t q = 0; q < f.regions.size(); ++q) {
    const Region &region = f.regions[q];
    auto &b = f.b[q];
    for (int w : region.candidates)
      b[w] = prog.column(0, 1, true);
    for (int w : region.candidates) {
      int bw = b[w];
      prog.atLeast({{f.r[w], 1}, {bw, -1}}, 0); // b <= r
      flopsTerms.push_back({bw, double(nodes[w].flops)});
      if (yieldsAt(graph, w, region)) {
        prog.atLeast({{bw, 1}, {f.r[w], -1}}, 0); // b >= r
        continue;
      }
      // b <= sum of readers' and other results' b; b >= each of those
      // others' (same decision, the op re-run whole).
      Program::Terms some{{bw, -1}};
      for (int s : siblings[w])
        if (auto it = b.find(s); it != b.end()) {
          some.push_back({it->second, 1});
          prog.atLeast({{bw, 1}, {it->second, -1}}, 0);
        }
      for (auto [reader, operand] : readers[w]) {
        auto it = b.find(reader);
        if (it == b.end())
          continue;
        some.push_back({it->second, 1});
        // b[w] >= b[reader] + r[w] - 1
        prog.atLeast({{bw, 1}, {it->second, -1}, {f.r[w], -1}}, -1);
      }
      prog.atLeast(some, 0);
    }
    // Inputs, and where a body op may write over one.
    std::map<int, Program::Terms> owTerms;
    for (int w : region.candidates)
      for (const RematGraph::Operand &o : nodes[w].operands) {
        int u = o.node;
        auto [it, inserted] = inputColumn.insert({{u, int(q)}, -1});
        if (inserted)
          it->second = prog.column(0, 1, false);
        int in = it->second;
        auto own = b.find(u);
        if (own != b.end())
          prog.atLeast({{in, 1}, {b[w], -1}, {own->second, 1}}, 0);
        else
          prog.atLeast({{in, 1}, {b[w], -1}}, 0);
        if (o.overwrites)
          owTerms[u].push_back({b[w], 1});
      }
    for (auto &[u, terms] : owTerms) {
      int ow = prog.column(0, 1, false);
      owColumn[{u, int(q)}] = ow;
      terms.push_back({ow, -1});
      prog.atLeast(terms, 0); // ow <= sum of overwriting readers' b
      if (auto own = b.find(u); own != b.end())
        prog.atLeast({{ow, -1}, {own->second, -1}}, -1); // ow <= 1 - b[u]
    }
    // Region point: internal peak and decoded inputs.
    if (!isRow[region.at])
      continue;
    int internal = prog.column(0, kInfinity, false);
    rowTerms[region.at].push_back({internal, -1});
    for (int w : region.candidates)
      for (const RematGraph::Operand &o : nodes[w].operands)
        if (nodes[o.node].regionBytes) {
          // Once per input: the column is shared by the readers.
          int in = inputColumn[{o.node, int(q)}];
          auto &terms = rowTerms[region.at];
          if (std::none_of(terms.begin(), terms.end(),
                           [&](auto &t) { return t.first == in; }))
            terms.push_back({in, -units(nodes[o.node].bytes)});
        }
    auto temp = [&](int t, Program::Terms &terms, double coef) {
      terms.push_back({b[t], coef});
      if (yieldsAt(graph, t, region))
        terms.push_back({f.r[t], -coef});
    };
    const std::vector<int> &cands = region.candidates;
    if (!f.exactInternal) {
      // At most every temporary at once.
      Program::Terms row{{internal, 1}};
      for (int t : cands)
        temp(t, row, -units(nodes[t].bytes));
      prog.atLeast(row, 0);
      continue;
    }
    for (size_t k = 0; k < cands.size(); ++k) {
      // I >= temporaries live at position k.
      Program::Terms row{{internal, 1}};
      temp(cands[k], row, -units(nodes[cands[k]].bytes));
      for (size_t i = 0; i < k; ++i) {
        int t = cands[i];
        std::vector<int> keeping;
        for (auto [reader, operand] : readers[t]) {
          auto it = b.find(reader);
          if (it == b.end())
            continue;
          if (reader > cands[k] ||
              (reader == cands[k] && !operand->lastOverwrites))
            keeping.push_back(it->second);
        }
        // Its op's later results keep it live, as evaluate() has it.
        for (int sib : siblings[t])
          if (sib >= cands[k])
            if (auto it = b.find(sib); it != b.end())
              keeping.push_back(it->second);
        if (keeping.empty())
          continue;
        int y = prog.column(0, 1, false);
        row.push_back({y, -units(nodes[t].bytes)});
        for (int bk : keeping) {
          Program::Terms link{{y, 1}, {bk, -1}};
          temp(t, link, -1);
          prog.atLeast(link, -1); // y >= b[reader] + temp(t) - 1
        }
      }
      prog.atLeast(row, 0);
    }
  }

  // Lifetimes.
  for (int u = 0; u < n; ++u) {
    const RematGraph::Node &node = nodes[u];
    std::vector<int64_t> own; // row points in (def, maxEnd]
    for (auto it = std::upper_bound(rowPoints.begin(), rowPoints.end(),
                                    node.def);
         it != rowPoints.end() && *it <= maxEnd(u); ++it)
      own.push_back(*it);
    if (isRow[node.def])
      rowConstant[node.def] += units(node.bytes);
    std::map<int64_t, int> l;
    for (int64_t p : own) {
      l[p] = prog.column(0, 1, false);
      rowTerms[p].push_back({l[p], -units(node.bytes)});
    }
    for (size_t i = 0; i + 1 < own.size(); ++i)
      prog.atLeast({{l[own[i]], 1}, {l[own[i + 1]], -1}}, 0);
    // A use at q with indicator z keeps it live before q, and at q unless
    // a reader there writes over it.
    auto use = [&](int64_t q, Program::Terms z, double zConstant,
                   Program::Terms overwrite) {
      auto it = std::lower_bound(own.begin(), own.end(), q);
      if (it != own.begin()) {
        Program::Terms row{{l[*std::prev(it)], 1}};
        for (auto [c, coef] : z)
          row.push_back({c, -coef});
        prog.atLeast(row, zConstant);
      }
      if (it == own.end() || *it != q || contains(node.overwrittenAt, q))
        return;
      Program::Terms row{{l[q], 1}};
      for (auto [c, coef] : z)
        row.push_back({c, -coef});
      row.insert(row.end(), overwrite.begin(), overwrite.end());
      prog.atLeast(row, zConstant);
    };
    auto overwriteAt = [&](int64_t a) {
      Program::Terms terms;
      for (int q : usedBy[u])
        if (f.regions[q].at == a)
          if (auto it = owColumn.find({u, q}); it != owColumn.end())
            terms.push_back({it->second, 1});
      return terms;
    };
    use(node.forwardEnd, {}, 1, overwriteAt(node.forwardEnd));
    if (!node.maskBytes && !node.stashUses.empty()) {
      int64_t last = node.stashUses.back();
      if (graph.recomputable(u))
        use(last, {{f.r[u], -1}}, 1, {}); // kept: 1 - r
      else
        use(last, {}, 1, {});
    }
    if (!node.regionBytes) {
      for (int64_t a : node.fixedRegionUses)
        use(a, {}, 1, overwriteAt(a));
      for (int q : usedBy[u])
        use(f.regions[q].at, {{inputColumn[{u, q}], 1}}, 0,
            overwriteAt(f.regions[q].at));
    }
    // Encoded stash (mask), kept unless recomputed.
    if (node.maskBytes && !node.stashUses.empty()) {
      if (graph.recomputable(u)) {
        addOver(node.forwardEnd, node.stashUses.back(), -1,
                units(node.maskBytes));
        addOver(node.forwardEnd, node.stashUses.back(), f.r[u],
                -units(node.maskBytes));
      } else {
        addOver(node.forwardEnd, node.stashUses.back(), -1,
                units(node.maskBytes));
      }
    }
    // Recomputed: live from its region to its last backward reader.
    if (graph.recomputable(u) && !node.stashUses.empty())
      addOver(regionPoint(node.stashUses.front()), node.stashUses.back(),
              f.r[u], units(node.bytes));
    // Encoded copy for regions: from its last forward use to the last.
    if (node.regionBytes && lastRegionUse(u) >= 0) {
      std::vector<int64_t> enc;
      for (auto it = std::lower_bound(rowPoints.begin(), rowPoints.end(),
                                      node.forwardEnd);
           it != rowPoints.end() && *it <= lastRegionUse(u); ++it)
        enc.push_back(*it);
      std::map<int64_t, int> e;
      for (int64_t p : enc) {
        e[p] = prog.column(0, 1, false);
        rowTerms[p].push_back({e[p], -units(node.regionBytes)});
      }
      for (size_t i = 0; i + 1 < enc.size(); ++i)
        prog.atLeast({{e[enc[i]], 1}, {e[enc[i + 1]], -1}}, 0);
      auto encodedUse = [&](int64_t a, Program::Terms z, double zConstant) {
        auto it = std::upper_bound(enc.begin(), enc.end(), a);
        if (it == enc.begin())
          return;
        Program::Terms row{{e[*std::prev(it)], 1}};
        for (auto [c, coef] : z)
          row.push_back({c, -coef});
        prog.atLeast(row, zConstant);
      };
      for (int64_t a : node.fixedRegionUses)
        encodedUse(a, {}, 1);
      for (int q : usedBy[u])
        encodedUse(f.regions[q].at, {{inputColumn[{u, q}], 1}}, 0);
    }
  }
  for (int64_t p : rowPoints)
    prog.atLeast(rowTerms[p], rowConstant[p]);

  f.peakObjective.assign(prog.columns(), 0);
  f.peakObjective[f.peak] = 1;
  f.flopsObjective.assign(prog.columns(), 0);
  for (auto [c, flops] : flopsTerms)
    f.flopsObjective[c] += flops;
  return f;
}

/// The integer columns' values for `recompute` (a MIP start).
std::vector<double> startOf(const RematGraph &graph, const Formulation &f,
                            const std::vector<bool> &recompute) {
  std::vector<double> start(f.program.columns(), 0);
  for (size_t v = 0; v < f.r.size(); ++v)
    if (f.r[v] >= 0)
      start[f.r[v]] = recompute[v];
  for (size_t q = 0; q < f.regions.size(); ++q) {
    std::vector<bool> body = bodyOf(graph, f.regions[q], recompute);
    for (auto [w, column] : f.b[q])
      start[column] = body[w];
  }
  return start;
}

std::vector<bool> recomputeOf(const Formulation &f,
                              const std::vector<double> &values) {
  std::vector<bool> recompute(f.r.size(), false);
  for (size_t v = 0; v < f.r.size(); ++v)
    recompute[v] = f.r[v] >= 0 && values[f.r[v]] > 0.5;
  return recompute;
}

/// The problem a solve answers, as bytes: every field of the graph, the
/// budget and the node limit. Two solves of equal keys return the same
/// result (the search is bounded by a count), so the result is kept.
std::string problemBytes(const RematGraph &graph,
                         const RematMilpOptions &options) {
  std::string key;
  auto put = [&](int64_t v) {
    key.append(reinterpret_cast<const char *>(&v), sizeof v);
  };
  auto putAll = [&](const std::vector<int64_t> &vs) {
    put(int64_t(vs.size()));
    for (int64_t v : vs)
      put(v);
  };
  put(options.budget);
  put(options.nodes);
  putAll(graph.base);
  put(int64_t(graph.nodes.size()));
  for (const RematGraph::Node &n : graph.nodes) {
    for (int64_t v : {n.def, n.forwardEnd, n.bytes, n.maskBytes, n.regionBytes,
                      n.flops, int64_t(n.group), int64_t(n.sameOp)})
      put(v);
    putAll(n.stashUses);
    putAll(n.fixedRegionUses);
    putAll(n.overwrittenAt);
    put(int64_t(n.operands.size()));
    for (const RematGraph::Operand &o : n.operands)
      put(int64_t(o.node) * 4 + o.overwrites * 2 + o.lastOverwrites);
  }
  return key;
}

/// The finished solves of this process. echo-budget-plan
/// runs echo-remat policy=optimal once per candidate storage precision and
/// echo-fit once per batch tried, and many of those pose equal problems
/// (a lossless candidate where nothing is encoded, say).
struct SolveCache {
  std::mutex mutex;
  /// By the MD5 digest of problemBytes: a large step's subgraphs take
  /// megabytes as bytes, and no two problems a compiler poses collide.
  std::map<llvm::MD5::MD5Result, RematMilpResult> results;
};
SolveCache &solveCache() {
  static SolveCache cache;
  return cache;
}

/// Whether a solve's result is what any solve of its problem returns:
/// not when the safety stop or a crash ended it, nor under a test fault.
bool reproducible(const RematMilpResult &result,
                  const RematMilpOptions &options) {
  return options.fault == SolverFault::None &&
         result.status != RematMilpResult::Status::Stopped &&
         result.status != RematMilpResult::Status::Failed;
}

RematMilpResult solveUncached(const RematGraph &graph,
                              const RematMilpOptions &options);

} // namespace

RematMilpResult mlir::echo::solveRematMilp(const RematGraph &graph,
                                           const RematMilpOptions &options) {
  llvm::MD5::MD5Result key = llvm::MD5::hash(
      llvm::arrayRefFromStringRef(problemBytes(graph, options)));
  SolveCache &cache = solveCache();
  if (options.fault == SolverFault::None) {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.results.find(key);
    if (it != cache.results.end()) {
      RematMilpResult result = it->second;
      result.seconds = 0;
      result.cached = true;
      return result;
    }
  }
  RematMilpResult result = solveUncached(graph, options);
  if (reproducible(result, options)) {
    std::lock_guard<std::mutex> lock(cache.mutex);
    cache.results.emplace(key, result);
  }
  return result;
}

namespace {

RematMilpResult solveUncached(const RematGraph &graph,
                              const RematMilpOptions &options) {
  auto started = std::chrono::steady_clock::now();
  // Only the safety stop reads the clock; the search is bounded by nodes.
  auto left = [&] {
    std::chrono::duration<double> spent =
        std::chrono::steady_clock::now() - started;
    return options.timeLimit - spent.count();
  };
  RematMilpResult result;
  // A line of its own unless the caller shares one (a solve per subgraph):
  // then only what the rate allows.
  std::optional<Progress> own;
  if (!options.progress)
    own.emplace("echo-remat policy=optimal");
  Progress &progress = options.progress ? *options.progress : *own;
  bool always = !options.progress;
  std::string label = options.progressLabel;
  progress.update(label + "formulating the MILP of " +
                      llvm::Twine(graph.nodes.size()) + " values",
                  always);
  Formulation f = formulate(graph);
  if (f.tooLarge) {
    result.status = RematMilpResult::Status::TooLarge;
    progress.update(label + "too large for the MILP", always);
    return result;
  }
  result.exact = f.exactInternal;
  result.columns = f.program.columns();
  result.rows = f.program.rowCount();
  std::vector<bool> none(graph.nodes.size(), false);
  auto solve = [&](const std::vector<double> &objective, double upperOf0,
                   int column0, const std::vector<double> &start,
                   const std::string &phase) {
    return f.program.solve(objective, upperOf0, column0, start, options.nodes,
                           left(), options.fault, progress, label + phase,
                           always);
  };
  // A solve that did not finish leaves no decisions: what it would have
  // found is not known, and what it found so far depends on the load.
  auto unfinished = [&](const Program::Solution &s) {
    if (!s.stopped && !s.failed)
      return false;
    result.status = s.stopped ? RematMilpResult::Status::Stopped
                              : RematMilpResult::Status::Failed;
    result.failure = s.stopped ? "the time limit stopped the solver"
                               : s.failure;
    result.recompute.clear();
    result.outcome = {};
    return true;
  };
  // Flat FLOPs are minimized at a fixed peak (phase 2), or under the budget.
  auto minimizeFlops = [&](int64_t peak, const std::vector<bool> &start) {
    std::vector<double> mipStart;
    if (!start.empty())
      mipStart = startOf(graph, f, start);
    return solve(f.flopsObjective, std::floor(peak / f.unit + 1e-6), f.peak,
                 mipStart,
                 options.budget >= 0 ? "fewest FLOPs within the budget"
                                     : "phase 2 (fewest FLOPs)");
  };
  if (options.budget >= 0) {
    Program::Solution s = minimizeFlops(options.budget, {});
    result.objective = s.objective;
    result.bound = s.bound;
    if (unfinished(s)) {
    } else if (s.infeasible) {
      result.status = RematMilpResult::Status::Infeasible;
    } else if (s.found) {
      result.recompute = recomputeOf(f, s.values);
      result.outcome = evaluate(graph, result.recompute);
      result.status = s.optimal ? RematMilpResult::Status::Optimal
                                : RematMilpResult::Status::Feasible;
    }
  } else {
    // Phase 1: the lowest peak, from Baseline's decisions (no recompute).
    Program::Solution s = solve(f.peakObjective, kInfinity, -1,
                                startOf(graph, f, none),
                                "phase 1 (lowest peak)");
    if (unfinished(s)) {
    } else if (s.found) {
      if (result.exact)
        result.peakBound = int64_t(std::ceil(s.bound * f.unit - 0.5));
      result.recompute = recomputeOf(f, s.values);
      result.outcome = evaluate(graph, result.recompute);
      result.objective = s.objective * f.unit;
      result.bound = s.bound * f.unit;
      result.status = s.optimal ? RematMilpResult::Status::Optimal
                                : RematMilpResult::Status::Feasible;
      // Phase 2: the fewest FLOPs at that peak.
      if (result.outcome.flops > 0) {
        Program::Solution t =
            minimizeFlops(result.outcome.peak, result.recompute);
        if (unfinished(t)) {
        } else if (t.found) {
          std::vector<bool> recompute = recomputeOf(f, t.values);
          RematOutcome outcome = evaluate(graph, recompute);
          if (outcome.peak <= result.outcome.peak &&
              outcome.flops < result.outcome.flops) {
            result.recompute = recompute;
            result.outcome = outcome;
          }
        }
      }
    } else if (result.exact) {
      result.peakBound = int64_t(std::ceil(s.bound * f.unit - 0.5));
    }
  }
  std::chrono::duration<double> spent =
      std::chrono::steady_clock::now() - started;
  result.seconds = spent.count();
  progress.update(label + statusName(result.status) + ", peak " +
                      llvm::Twine(result.outcome.peak) + " bytes, " +
                      llvm::Twine(result.outcome.flops) +
                      " FLOPs recomputed, " + formatDuration(result.seconds),
                  always);
  return result;
}

} // namespace
