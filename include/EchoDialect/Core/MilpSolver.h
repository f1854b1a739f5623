//===- MilpSolver.h - Mixed-integer programs solved by CBC ------*- C++ -*-===//
//
// A minimization program built in memory and solved by COIN-OR CBC in a
// child process (fork): a crash, a hang or a malformed reply there ends as
// a failed or stopped Solution here, never in the caller's process. The
// search is bounded by a count of branch-and-bound nodes, so the result
// depends only on the program; the wall-clock limit is a safety stop.
// echo-remat's optimal policy (RematMilp.h) and echo-budget-plan's
// per-value mixes (StashMixMilp.h) pose their programs with it.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_MILPSOLVER_H
#define ECHODIALECT_CORE_MILPSOLVER_H

#include "EchoDialect/Core/Options.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace echo {

class Progress;

/// How a solve of a program ended, for the callers' results (RematMilp.h,
/// StashMixMilp.h). Optimal: proven. Feasible: the node limit ended the
/// search before a proof. NoSolution: none found within the limit.
/// TooLarge: the program was not built (more nonzeros than a solve within
/// the node limit can afford). Stopped: the time limit killed the solve.
/// Failed: the solver process crashed or returned nothing readable. Only
/// Optimal and Feasible carry a choice.
enum class MilpStatus {
  Optimal,
  Feasible,
  Infeasible,
  NoSolution,
  TooLarge,
  Stopped,
  Failed
};

/// "optimal", "node limit", ...: a status in diagnostics and progress.
const char *statusName(MilpStatus status);

/// CBC's infinity: bounds at or beyond it are absent.
constexpr double kMilpInfinity = 1e30;

/// A mixed-integer program in memory: columns with bounds, rows of the form
/// sum(terms) >= rhs, minimized by CBC in a child process.
class MilpProgram {
public:
  int column(double lb, double ub, bool integer) {
    lower.push_back(lb);
    upper.push_back(ub);
    isInteger.push_back(integer);
    return int(lower.size()) - 1;
  }
  using Terms = std::vector<std::pair<int, double>>;
  /// sum(terms) >= rhs.
  void atLeast(Terms terms, double rhs) {
    rows.push_back({std::move(terms), rhs});
  }
  int columns() const { return int(lower.size()); }
  int64_t rowCount() const { return int64_t(rows.size()); }

  struct Solution {
    bool found = false, optimal = false, infeasible = false;
    double objective = 0, bound = 0;
    std::vector<double> values;
    /// The solver process was killed at the time limit (stopped), or
    /// crashed or sent nothing readable (failed, `failure` says how).
    bool stopped = false, failed = false;
    std::string failure;
  };
  /// Minimizes `objective` within `nodes` branch-and-bound nodes, starting
  /// from `start` (values of the integer columns) when given, in a child
  /// process that is killed after `seconds`. `phase` names the solve on
  /// `progress`.
  Solution solve(const std::vector<double> &objective, double upperOf0,
                 int column0, const std::vector<double> &start, int64_t nodes,
                 double seconds, SolverFault fault, Progress &progress,
                 llvm::StringRef phase, bool always) const;

  std::vector<double> lower, upper;
  std::vector<bool> isInteger;
  std::vector<std::pair<Terms, double>> rows;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_MILPSOLVER_H
