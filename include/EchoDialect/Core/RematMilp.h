//===- RematMilp.h - Optimal recomputation as a MILP ------------*- C++ -*-===//
//
// The recomputation problem echo-remat's peak model (RematPeakModel.h)
// poses, without IR: which forward values to recompute so that the step's
// modeled peak is lowest, or the recompute FLOPs fewest under a budget.
// `evaluate` is the model's arithmetic on this graph; `solveRematMilp`
// states the same arithmetic as a mixed-integer program (Checkmate's
// recompute/keep decisions, with the peak model's regions, lifetimes,
// encodings and in-place pairs) and solves it with COIN-OR CBC, so its
// objective is the peak `evaluate` reports for the decisions it returns.
//
// Program points are the peak model's: op i is point 2i+1, a region placed
// right before op i is point 2i. A recomputed value with backward readers
// is rebuilt by a region right before its first reader; that region re-runs
// the recomputed ancestors of the values it yields within their subgraph
// and reads the others (kept live, or stored encoded, until it runs).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_REMATMILP_H
#define ECHODIALECT_CORE_REMATMILP_H

#include "EchoDialect/Core/MilpSolver.h"
#include "EchoDialect/Core/Options.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace echo {

class Progress;

struct RematGraph {
  struct Operand {
    int node = 0;
    /// The reader may write its result over this operand where the
    /// operand dies in a region (any of its uses may).
    bool overwrites = false;
    /// The same for the use a region's temporary lifetime ends at (the
    /// reader's last use of it).
    bool lastOverwrites = false;
  };
  struct Node {
    int64_t def = 0;        // point of its producer
    int64_t forwardEnd = 0; // its last reader that is not a stash's
    int64_t bytes = 0;
    /// Its stored size when only an encoded stash (mask) is read back;
    /// 0 when kept plain.
    int64_t maskBytes = 0;
    /// Its stored size as a region input when kept encoded; 0 when plain.
    int64_t regionBytes = 0;
    /// FLOPs of its op; for an op with several results, on the first.
    int64_t flops = 0;
    /// Its subgraph (regions re-run ops within one); -1: never recomputed.
    int group = -1;
    /// For a later result of an op with several: its first result, whose
    /// decision it shares (a region re-runs the op whole); else -1.
    int sameOp = -1;
    /// Points of its backward readers (through its stash), ascending.
    std::vector<int64_t> stashUses;
    /// Points where regions no decision here changes read it.
    std::vector<int64_t> fixedRegionUses;
    /// Points where a reader may write over it (in place).
    std::vector<int64_t> overwrittenAt;
    /// Producers of its operands that are nodes of the graph.
    std::vector<Operand> operands;
  };
  /// In program order: an operand precedes its readers.
  std::vector<Node> nodes;
  /// Bytes live at each point that no decision here changes.
  std::vector<int64_t> base;

  int64_t points() const { return int64_t(base.size()); }
  bool recomputable(int n) const { return nodes[n].group >= 0; }
};

/// What recomputing a set of nodes costs.
struct RematOutcome {
  int64_t peak = 0;
  int64_t flops = 0; // re-executed by the regions
};

/// The peak model's arithmetic: the step's peak and recompute FLOPs when
/// the nodes with recompute[n] set are recomputed (others kept). A node
/// with sameOp >= 0 follows its first result's entry.
RematOutcome evaluate(const RematGraph &graph,
                      const std::vector<bool> &recompute);

struct RematMilpOptions {
  /// Peak the plan must stay within; < 0: the lowest peak, then the
  /// fewest FLOPs at that peak.
  int64_t budget = -1;
  /// Branch-and-bound nodes each CBC solve (each phase) may explore; the
  /// best solution found within them is kept.
  int64_t nodes = kDefaultSolverNodes;
  /// Wall-clock seconds for all solves together: a safety stop, not a
  /// search limit. A solve still running then is killed and the result is
  /// Status::Stopped, with no decisions (what it would have found depends
  /// on the machine's load).
  double timeLimit = kDefaultSolverSeconds;
  /// Test hook: every solve fails this way.
  SolverFault fault = SolverFault::None;
  /// Where the solves report (EchoDialect/Core/Progress.h), each status
  /// starting with `progressLabel`; rate-limited there. Null: a line of the
  /// solve's own, its phases and its result always shown.
  Progress *progress = nullptr;
  std::string progressLabel;
};

struct RematMilpResult {
  /// MilpSolver.h's statuses; Stopped and Failed carry no decisions.
  using Status = MilpStatus;
  Status status = Status::NoSolution;
  /// For Stopped and Failed: what happened, for a diagnostic.
  std::string failure;
  std::vector<bool> recompute;
  RematOutcome outcome; // evaluate() of recompute
  /// The objective CBC reports and the best bound it proved (bytes for the
  /// peak, FLOPs under a budget). For budget < 0, `peakBound` is the proven
  /// lower bound of the peak.
  double objective = 0, bound = 0;
  int64_t peakBound = 0;
  double gap() const {
    return objective > 0 ? (objective - bound) / objective : 0;
  }
  /// False when regions' internal peaks were bounded by the sum of their
  /// temporaries (too many to model exactly): plans are still evaluated
  /// exactly, but the bound is no lower bound and Optimal no proof.
  bool exact = true;
  int64_t columns = 0, rows = 0;
  double seconds = 0;
  /// Returned from an earlier solve of the same problem in this process
  /// (an MD5 digest of every field of the graph, the budget and the node
  /// limit); the
  /// search is bounded by a count, so a new solve would return the same.
  bool cached = false;
};

/// Solves the recomputation problem of `graph` with CBC within the node
/// limit, keeping the best solution found. Each CBC solve runs in a child
/// process (fork): a crash or hang there ends as Status::Failed or
/// Status::Stopped here, never in the caller's process. A problem solved
/// before in this process (not stopped, not failed, no test fault) returns
/// that result, marked `cached`.
RematMilpResult solveRematMilp(const RematGraph &graph,
                               const RematMilpOptions &options);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_REMATMILP_H
