//===- MaxFlow.cpp - Maximum flow on a small graph -------------------------===//

#include "EchoDialect/Core/MaxFlow.h"

#include <algorithm>
#include <queue>

using namespace mlir::echo;

int MaxFlow::addNode() {
  edgesOf.emplace_back();
  return int(edgesOf.size()) - 1;
}

void MaxFlow::addEdge(int from, int to, int64_t capacity) {
  edgesOf[from].push_back(int(edges.size()));
  edges.push_back({to, capacity});
  edgesOf[to].push_back(int(edges.size()));
  edges.push_back({from, 0});
}

int64_t MaxFlow::run(int source, int sink) {
  int64_t total = 0;
  while (levels(source, sink)) {
    next.assign(edgesOf.size(), 0);
    total += blockingFlow(source, sink);
  }
  return total;
}

bool MaxFlow::levels(int source, int sink) {
  level.assign(edgesOf.size(), -1);
  level[source] = 0;
  std::queue<int> queue;
  queue.push(source);
  while (!queue.empty()) {
    int node = queue.front();
    queue.pop();
    for (int e : edgesOf[node])
      if (edges[e].capacity > 0 && level[edges[e].to] < 0) {
        level[edges[e].to] = level[node] + 1;
        queue.push(edges[e].to);
      }
  }
  return level[sink] >= 0;
}

int64_t MaxFlow::blockingFlow(int source, int sink) {
  int64_t total = 0;
  std::vector<int> path; // edge indices from the source
  int node = source;
  while (true) {
    if (node == sink) {
      int64_t pushed = kInfinite;
      for (int e : path)
        pushed = std::min(pushed, edges[e].capacity);
      for (int e : path) {
        edges[e].capacity -= pushed;
        edges[e ^ 1].capacity += pushed;
      }
      total += pushed;
      path.clear();
      node = source;
      continue;
    }
    bool advanced = false;
    for (std::size_t &i = next[node]; i < edgesOf[node].size(); ++i) {
      int e = edgesOf[node][i];
      if (edges[e].capacity > 0 && level[edges[e].to] == level[node] + 1) {
        path.push_back(e);
        node = edges[e].to;
        advanced = true;
        break;
      }
    }
    if (advanced)
      continue;
    if (node == source)
      return total;
    // A dead end: leave it, and skip the edge that led here.
    int e = path.back();
    path.pop_back();
    node = edges[e ^ 1].to;
    ++next[node];
  }
}
