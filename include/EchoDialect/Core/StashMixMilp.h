//===- StashMixMilp.h - Per-value stash decisions as a MILP -----*- C++ -*-===//
//
// echo-budget-plan's per-value mixes without IR: a memory plan made some
// decisions about single stashed values (a precision reduction, an
// offload), each of which can be taken back, leaving the value plain. Taking
// one back saves simulated seconds and changes the live bytes over some
// program points. Which set saves the most seconds while the live bytes
// stay within a limit at every point is a knapsack with one row per point;
// solveStashMix states it as a MILP and solves it with CBC
// (Core/MilpSolver.h). The seconds add up (each decision's saving taken
// back alone), which the step's simulation then checks; the live bytes are
// exact for the model's intervals.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_STASHMIXMILP_H
#define ECHODIALECT_CORE_STASHMIXMILP_H

#include "EchoDialect/Core/MilpSolver.h"
#include "EchoDialect/Core/Options.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace echo {

struct StashMixProblem {
  /// Per function: its live bytes at each program point with every
  /// decision kept (the plan as made).
  std::vector<std::vector<int64_t>> live;
  struct Decision {
    unsigned function = 0;
    /// Simulated seconds saved when it alone is taken back (>= 0).
    double seconds = 0;
    /// {first point, last point, bytes}: bytes added (negative: removed)
    /// at each point of the inclusive interval when it is taken back.
    std::vector<std::array<int64_t, 3>> changes;
    /// Decisions taken back whenever this one is (an encoded form's
    /// offloads, for its precision reduction); `seconds` and `changes`
    /// are then what this one adds to theirs.
    std::vector<unsigned> requirements;
  };
  std::vector<Decision> decisions;
};

/// The largest live bytes over every function's points with the decisions
/// marked in `takeBack` taken back, and those they require: the model's
/// arithmetic.
int64_t stashMixPeak(const StashMixProblem &problem,
                     const std::vector<bool> &takeBack);

struct StashMixOptions {
  /// Live bytes no point may exceed.
  int64_t limit = 0;
  /// Branch-and-bound nodes the solve may explore.
  int64_t nodes = kDefaultSolverNodes;
  /// Wall-clock safety stop (RematMilpOptions::timeLimit).
  double timeLimit = kDefaultSolverSeconds;
  /// A feasible start (the greedy order's), or empty.
  std::vector<bool> start;
  /// Test hook: the solve fails this way.
  SolverFault fault = SolverFault::None;
};

struct StashMixResult {
  /// MilpSolver.h's statuses; only Optimal and Feasible carry a choice.
  using Status = MilpStatus;
  Status status = Status::Infeasible;
  std::string failure;
  std::vector<bool> takeBack;
  /// The seconds the choice saves (the sum of its decisions') and the
  /// most any choice within the limit saves, as CBC proved it.
  double seconds = 0, bound = 0;
  int64_t peak = 0; // stashMixPeak of the choice
  int64_t rows = 0, nonzeros = 0;
};

/// The decisions to take back for the most seconds saved within
/// `options.limit`; ties: what CBC returns, which depends only on the
/// program. Points that cannot exceed the limit whatever is taken back
/// give no row.
StashMixResult solveStashMix(const StashMixProblem &problem,
                             const StashMixOptions &options);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_STASHMIXMILP_H
