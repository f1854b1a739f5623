//===- StashMixMilp.cpp - Per-value stash decisions as a MILP -------------===//
//
//   y[d]  binary: decision d is taken back
//   minimize  -sum seconds[d] y[d]
//   for each function f and each point p that could exceed the limit:
//     live[f][p] + sum over d of f covering p: bytes[d,p] y[d] <= limit
//   for each d and each r that d requires:  y[d] <= y[r]
// Points between two consecutive interval ends share their coefficients,
// so one row per such segment (at its largest live bytes) states them all.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/StashMixMilp.h"
#include "EchoDialect/Core/MilpSolver.h"
#include "EchoDialect/Core/Progress.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>

using namespace mlir::echo;

namespace {
/// Above this many nonzeros the program is not built: CBC's root LP alone
/// (which no node limit bounds) would take minutes.
constexpr int64_t kMaxNonzeros = 2000000;

/// a / b rounded toward minus infinity (b > 0).
int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/// `takeBack` with what its decisions require (one level: a requirement
/// requires nothing).
std::vector<bool> withRequired(const StashMixProblem &problem,
                               std::vector<bool> takeBack) {
  takeBack.resize(problem.decisions.size(), false);
  for (size_t d = 0; d < problem.decisions.size(); ++d)
    if (takeBack[d])
      for (unsigned r : problem.decisions[d].requirements)
        takeBack[r] = true;
  return takeBack;
}
} // namespace

int64_t mlir::echo::stashMixPeak(const StashMixProblem &problem,
                                 const std::vector<bool> &chosen) {
  std::vector<bool> takeBack = withRequired(problem, chosen);
  std::vector<std::vector<int64_t>> delta(problem.live.size());
  for (size_t f = 0; f < problem.live.size(); ++f)
    delta[f].assign(problem.live[f].size() + 1, 0);
  for (size_t d = 0; d < problem.decisions.size(); ++d) {
    if (d >= takeBack.size() || !takeBack[d])
      continue;
    const StashMixProblem::Decision &decision = problem.decisions[d];
    std::vector<int64_t> &steps = delta[decision.function];
    int64_t points = int64_t(steps.size()) - 1;
    for (const auto &[first, last, bytes] : decision.changes) {
      int64_t from = std::max<int64_t>(first, 0),
              to = std::min(last, points - 1);
      if (from > to)
        continue;
      steps[from] += bytes;
      steps[to + 1] -= bytes;
    }
  }
  int64_t peak = 0;
  for (size_t f = 0; f < problem.live.size(); ++f) {
    int64_t sum = 0;
    for (size_t p = 0; p < problem.live[f].size(); ++p) {
      sum += delta[f][p];
      peak = std::max(peak, problem.live[f][p] + sum);
    }
  }
  return peak;
}

StashMixResult mlir::echo::solveStashMix(const StashMixProblem &problem,
                                         const StashMixOptions &options) {
  StashMixResult result;
  size_t n = problem.decisions.size();
  MilpProgram program;
  std::vector<double> objective;
  // In whole picoseconds: CBC's tolerances are absolute, and a step's
  // savings are microseconds.
  for (const StashMixProblem::Decision &d : problem.decisions) {
    program.column(0, 1, /*integer=*/true);
    objective.push_back(-double(std::llround(d.seconds * 1e12)));
  }
  // Bytes over their common divisor (allocation sizes share a large one),
  // so that the rows' coefficients stay small.
  int64_t unit = 0;
  for (const StashMixProblem::Decision &d : problem.decisions)
    for (const auto &change : d.changes)
      unit = std::gcd(unit, std::abs(change[2]));
  if (unit == 0)
    unit = 1;
  // Rows, per function: the segments between interval ends, each with the
  // decisions covering it and their bytes there.
  for (size_t f = 0; f < problem.live.size(); ++f) {
    const std::vector<int64_t> &live = problem.live[f];
    int64_t points = int64_t(live.size());
    // Point -> (decision, bytes) starting there (+) and ending before (-).
    std::map<int64_t, std::vector<std::pair<int, int64_t>>> events;
    for (size_t d = 0; d < n; ++d) {
      if (problem.decisions[d].function != f)
        continue;
      for (const auto &[first, last, bytes] : problem.decisions[d].changes) {
        int64_t from = std::max<int64_t>(first, 0),
                to = std::min(last, points - 1);
        if (from > to || bytes == 0)
          continue;
        events[from].push_back({int(d), bytes});
        events[to + 1].push_back({int(d), -bytes});
      }
    }
    std::map<int, int64_t> covering; // decision -> bytes here
    bool infeasible = false;
    int64_t start = 0;
    auto row = [&](int64_t from, int64_t to) { // points [from, to)
      if (from >= to)
        return;
      int64_t most = *std::max_element(live.begin() + from, live.begin() + to);
      int64_t grows = 0;
      for (auto [d, bytes] : covering)
        grows += std::max<int64_t>(bytes, 0);
      if (most + grows <= options.limit)
        return; // no choice exceeds the limit here
      // limit - live >= sum bytes y, i.e. sum -bytes y >= live - limit.
      MilpProgram::Terms terms;
      for (auto [d, bytes] : covering)
        if (bytes != 0)
          terms.push_back({d, -double(bytes / unit)});
      if (terms.empty()) // over the limit whatever is chosen
        infeasible = true;
      result.nonzeros += int64_t(terms.size());
      // Sums of multiples of the unit: within the limit exactly when
      // within it rounded down to a multiple.
      program.atLeast(std::move(terms),
                      -double(floorDiv(options.limit - most, unit)));
    };
    for (auto &[point, changes] : events) {
      row(start, std::min(point, points));
      for (auto [d, bytes] : changes) {
        int64_t &b = covering[d];
        b += bytes;
        if (b == 0)
          covering.erase(d);
      }
      start = point;
      if (result.nonzeros > kMaxNonzeros)
        break;
    }
    row(start, points);
    if (result.nonzeros > kMaxNonzeros) {
      result.status = StashMixResult::Status::TooLarge;
      return result;
    }
    if (infeasible) {
      result.status = StashMixResult::Status::Infeasible;
      return result;
    }
  }
  bool memoryRows = program.rowCount() > 0;
  for (size_t d = 0; d < n; ++d)
    for (unsigned r : problem.decisions[d].requirements)
      program.atLeast({{int(r), 1.0}, {int(d), -1.0}}, 0);
  result.rows = program.rowCount();
  if (!memoryRows) {
    // Nothing can exceed the limit: every decision that saves time goes.
    result.status = StashMixResult::Status::Optimal;
    result.takeBack.resize(n);
    for (size_t d = 0; d < n; ++d)
      result.takeBack[d] = problem.decisions[d].seconds > 0;
    result.takeBack = withRequired(problem, result.takeBack);
    for (size_t d = 0; d < n; ++d)
      if (result.takeBack[d])
        result.seconds += problem.decisions[d].seconds;
    result.bound = result.seconds;
    result.peak = stashMixPeak(problem, result.takeBack);
    return result;
  }
  std::vector<double> start;
  if (options.start.size() == n)
    for (bool b : options.start)
      start.push_back(b ? 1 : 0);
  Progress progress("stash mix");
  MilpProgram::Solution s = program.solve(
      objective, 1, -1, start, options.nodes, options.timeLimit, options.fault,
      progress, "stash mix MILP", /*always=*/false);
  if (s.stopped || s.failed) {
    result.status = s.stopped ? StashMixResult::Status::Stopped
                              : StashMixResult::Status::Failed;
    result.failure = s.stopped ? "stopped by the time limit" : s.failure;
    return result;
  }
  if (!s.found) {
    result.status = StashMixResult::Status::Infeasible;
    return result;
  }
  result.status = s.optimal ? StashMixResult::Status::Optimal
                            : StashMixResult::Status::Feasible;
  result.takeBack.resize(n);
  for (size_t d = 0; d < n; ++d)
    result.takeBack[d] = s.values[d] > 0.5;
  result.takeBack = withRequired(problem, result.takeBack);
  for (size_t d = 0; d < n; ++d)
    if (result.takeBack[d])
      result.seconds += problem.decisions[d].seconds;
  result.bound = -s.bound * 1e-12;
  result.peak = stashMixPeak(problem, result.takeBack);
  // The rounded choice must hold the rows (CBC's integrality tolerance);
  // one that does not is no choice.
  if (result.peak > options.limit) {
    result.status = StashMixResult::Status::Failed;
    result.failure = "the solution exceeds the limit once rounded";
    result.takeBack.clear();
  }
  return result;
}
