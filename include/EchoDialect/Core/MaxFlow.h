//===- MaxFlow.h - Maximum flow on a small graph ----------------*- C++ -*-===//
//
// Dinic's algorithm, without recursion (a long chain of light ops must not
// exhaust the stack). echo-remat's floor (RematPeakModel::floorAt) computes
// a minimum vertex cut with it. No IR: unit-tested directly.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_MAXFLOW_H
#define ECHODIALECT_CORE_MAXFLOW_H

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace mlir {
namespace echo {

class MaxFlow {
public:
  /// A capacity no finite cut reaches.
  static constexpr int64_t kInfinite = std::numeric_limits<int64_t>::max() / 4;

  /// A new node, numbered from 0.
  int addNode();
  /// A directed edge of `capacity` (>= 0) between existing nodes.
  void addEdge(int from, int to, int64_t capacity);
  /// The maximum flow from `source` to `sink` (the capacity of a minimum
  /// cut). Consumes the capacities: call it once.
  int64_t run(int source, int sink);

private:
  struct Edge {
    int to;
    int64_t capacity;
  };
  bool levels(int source, int sink);
  /// Augmenting paths along the level graph.
  int64_t blockingFlow(int source, int sink);

  std::vector<Edge> edges; // an edge and its reverse at 2k, 2k+1
  std::vector<std::vector<int>> edgesOf;
  std::vector<int> level;
  std::vector<std::size_t> next;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_MAXFLOW_H
