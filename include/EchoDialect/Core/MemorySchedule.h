//===- MemorySchedule.h - Op orders that lower the live-bytes peak -*- C++ -*-===//
//
// The scheduling core of echo-schedule, without IR: a straight-line step as
// a graph of nodes (ops) that define and read buffers, with the orders
// that must be kept (SSA uses, side effects) as predecessor lists. It
// produces topological orders that aim at a lower peak of live bytes:
//
//  * depth-first (Dymem, HPDC 2020, Algorithm 1): after a fork, run each
//    branch to its join before starting the next, so one branch's
//    temporaries are live at a time;
//  * memory-aware list scheduling: among the ready nodes, run the one that
//    leaves the fewest bytes live, looking one node ahead through joins.
//
// `modelPeak` measures an order with the liveness rule of the buffer
// planner (a buffer lives from its defining node to its last reader,
// inclusive; an in-place pair hands a dying buffer to the result). The IR
// pass ranks candidates with the real planner; the model guides the list
// scheduler and is what the unit tests check exactly.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_MEMORYSCHEDULE_H
#define ECHODIALECT_CORE_MEMORYSCHEDULE_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace echo {

struct ScheduleGraph {
  struct Node {
    /// Buffers this node allocates (each defined by exactly one node).
    std::vector<unsigned> defines;
    /// Buffers it reads; a buffer stays live until its last reader ran.
    std::vector<unsigned> reads;
    /// Nodes that must run before it (data and side-effect order).
    std::vector<unsigned> preds;
    /// (read buffer, defined buffer) pairs: the defined buffer may take the
    /// read one's storage when this node is its last reader and the sizes
    /// match (InPlaceOpInterface).
    std::vector<std::pair<unsigned, unsigned>> inPlace;
  };
  std::vector<Node> nodes;
  /// Bytes of each buffer (0 for buffers outside the arena).
  std::vector<int64_t> bufferBytes;
};

/// The orders echo-schedule can produce.
enum class ScheduleKind { Input, DepthFirst, List };

/// Human-readable name of a kind ("input", "dfs", "list").
const char *scheduleKindName(ScheduleKind kind);

/// Checks the graph: buffer and node indices in range, each buffer defined
/// by at most one node, preds acyclic. Returns "" when valid, else why not.
std::string verifyScheduleGraph(const ScheduleGraph &graph);

/// True when `order` is a permutation of the nodes in which every node
/// comes after its preds (and after the definers of the buffers it reads).
bool isValidOrder(const ScheduleGraph &graph, const std::vector<unsigned> &order);

/// 0, 1, ..., n-1.
std::vector<unsigned> inputOrder(const ScheduleGraph &graph);

/// Dymem's depth-first order: a stack of ready nodes; a node's successors
/// that become ready are pushed so that the first in input order runs
/// next. A ready node that has become the last reader of a buffer and
/// frees at least what it allocates runs at once (Dymem releases a tensor
/// when nothing depends on it any more). Requires a valid graph.
std::vector<unsigned> depthFirstOrder(const ScheduleGraph &graph);

/// Greedy list scheduling: among the ready nodes, the one whose execution
/// leaves the fewest bytes live (allocated minus freed; through a join it
/// makes ready, the pair's combined effect when lower), then the smaller
/// allocation, then the most recently readied (continue the branch), then
/// input order. Requires a valid graph.
std::vector<unsigned> memoryAwareOrder(const ScheduleGraph &graph);

/// The order of one kind.
std::vector<unsigned> orderOf(const ScheduleGraph &graph, ScheduleKind kind);

/// Most bytes live at one node of `order` under the planner's liveness rule
/// (lifetimes inclusive at both ends, in-place handover). Requires a valid
/// order.
int64_t modelPeak(const ScheduleGraph &graph, const std::vector<unsigned> &order);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_MEMORYSCHEDULE_H
