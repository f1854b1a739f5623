//===- StashMixMilpTest.cpp - Per-value stash decisions as a MILP ---------===//
//
// Core/StashMixMilp.h against brute force on random problems: the choice
// saves the most seconds any set within the limit saves, its peak is the
// model's arithmetic, and solver failures are statuses, not crashes.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/StashMixMilp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace mlir::echo;

namespace {

StashMixProblem randomProblem(std::mt19937 &rng, int functions, int decisions,
                              int points) {
  StashMixProblem p;
  std::uniform_int_distribution<int64_t> live(100, 1000);
  for (int f = 0; f < functions; ++f) {
    p.live.emplace_back();
    for (int i = 0; i < points; ++i)
      p.live.back().push_back(live(rng));
  }
  std::uniform_int_distribution<int> point(0, points - 1);
  std::uniform_int_distribution<int> pieces(1, 3);
  std::uniform_int_distribution<int64_t> bytes(-60, 300);
  std::uniform_int_distribution<int> seconds(0, 20);
  for (int d = 0; d < decisions; ++d) {
    StashMixProblem::Decision decision;
    decision.function = unsigned(rng() % functions);
    decision.seconds = seconds(rng) * 1e-6;
    for (int k = pieces(rng); k > 0; --k) {
      int a = point(rng), b = point(rng);
      decision.changes.push_back({std::min(a, b), std::max(a, b), bytes(rng)});
    }
    p.decisions.push_back(decision);
  }
  return p;
}

/// The peak with `chosen` taken back, point by point.
int64_t peakByHand(const StashMixProblem &p, const std::vector<bool> &chosen) {
  int64_t peak = 0;
  for (size_t f = 0; f < p.live.size(); ++f)
    for (size_t i = 0; i < p.live[f].size(); ++i) {
      int64_t bytes = p.live[f][i];
      for (size_t d = 0; d < p.decisions.size(); ++d)
        if (chosen[d] && p.decisions[d].function == f)
          for (const auto &[first, last, b] : p.decisions[d].changes)
            if (int64_t(i) >= first && int64_t(i) <= last)
              bytes += b;
      peak = std::max(peak, bytes);
    }
  return peak;
}

/// Whether `chosen` holds every requirement of its decisions.
bool holdsRequirements(const StashMixProblem &p,
                       const std::vector<bool> &chosen) {
  for (size_t d = 0; d < p.decisions.size(); ++d)
    for (unsigned r : p.decisions[d].requirements)
      if (chosen[d] && !chosen[r])
        return false;
  return true;
}

/// A limit between the plan's peak and the peak with all taken back.
int64_t randomLimit(std::mt19937 &rng, const StashMixProblem &p) {
  size_t n = p.decisions.size();
  std::vector<bool> none(n, false), all(n, true);
  int64_t low = peakByHand(p, none), high = peakByHand(p, all);
  return low + int64_t(rng() % uint64_t(std::max<int64_t>(1, high - low + 1)));
}

/// The most seconds any set that holds its requirements saves within
/// `limit`, by trying them all (-1: none is within it); each set's model
/// peak is checked against the hand count on the way.
double bestByBruteForce(const StashMixProblem &p, int64_t limit) {
  size_t n = p.decisions.size();
  double best = -1;
  for (uint32_t mask = 0; mask < (1u << n); ++mask) {
    std::vector<bool> chosen(n);
    double seconds = 0;
    for (size_t d = 0; d < n; ++d)
      if ((chosen[d] = (mask >> d) & 1))
        seconds += p.decisions[d].seconds;
    if (!holdsRequirements(p, chosen))
      continue;
    EXPECT_EQ(stashMixPeak(p, chosen), peakByHand(p, chosen));
    if (peakByHand(p, chosen) <= limit)
      best = std::max(best, seconds);
  }
  return best;
}

/// Solves `p` within `limit` and checks the choice against brute force:
/// it saves the most seconds, holds the requirements and stays within the
/// limit. Returns whether some set fits; counts solves with rows.
bool solvesAsBruteForce(const StashMixProblem &p, int64_t limit, int trial,
                        int &binding) {
  double best = bestByBruteForce(p, limit);
  StashMixOptions options;
  options.limit = limit;
  StashMixResult r = solveStashMix(p, options);
  if (best < 0) {
    EXPECT_EQ(r.status, StashMixResult::Status::Infeasible) << trial;
    return false;
  }
  binding += r.rows > 0;
  EXPECT_EQ(r.status, StashMixResult::Status::Optimal) << trial;
  if (r.status != StashMixResult::Status::Optimal)
    return true;
  EXPECT_TRUE(holdsRequirements(p, r.takeBack)) << trial;
  EXPECT_NEAR(r.seconds, best, 1e-12) << trial;
  EXPECT_LE(r.peak, limit) << trial;
  EXPECT_EQ(r.peak, peakByHand(p, r.takeBack)) << trial;
  return true;
}

} // namespace

TEST(StashMixMilpTest, MatchesBruteForceOnRandomProblems) {
  std::mt19937 rng(37);
  int feasible = 0, binding = 0;
  for (int trial = 0; trial < 60; ++trial) {
    StashMixProblem p = randomProblem(rng, 1 + trial % 2, 1 + trial % 9, 12);
    feasible += solvesAsBruteForce(p, randomLimit(rng, p), trial, binding);
  }
  // The trials exercise the solver, not only the row-free shortcut.
  EXPECT_GE(feasible, 30);
  EXPECT_GE(binding, 15);
}

// Decisions that require others (a precision reduction its encoded form's
// offload): only sets that hold each requirement count, and the peak of a
// set is that of the set with its requirements.
TEST(StashMixMilpTest, RequirementsMatchBruteForce) {
  std::mt19937 rng(136);
  int binding = 0, required = 0;
  for (int trial = 0; trial < 40; ++trial) {
    StashMixProblem p = randomProblem(rng, 1, 2 + trial % 7, 12);
    size_t n = p.decisions.size();
    // Odd decisions require the one before them, some of the time.
    for (size_t d = 1; d < n; d += 2)
      if (rng() % 3)
        p.decisions[d].requirements.push_back(unsigned(d - 1));
    int64_t limit = randomLimit(rng, p);
    // The model's peak of a set without its requirements is the set's with.
    for (size_t d = 0; d < n; ++d)
      for (unsigned r : p.decisions[d].requirements) {
        std::vector<bool> alone(n, false), both(n, false);
        alone[d] = both[d] = both[r] = true;
        EXPECT_EQ(stashMixPeak(p, alone), stashMixPeak(p, both)) << trial;
        ++required;
      }
    solvesAsBruteForce(p, limit, trial, binding);
  }
  EXPECT_GE(required, 20);
  EXPECT_GE(binding, 15);
}

TEST(StashMixMilpTest, AStartIsKeptOrBettered) {
  std::mt19937 rng(5);
  StashMixProblem p = randomProblem(rng, 1, 8, 10);
  size_t n = p.decisions.size();
  std::vector<bool> start(n, false);
  StashMixOptions options;
  options.limit = peakByHand(p, start);
  options.start = start;
  options.nodes = 0; // the root only
  StashMixResult r = solveStashMix(p, options);
  ASSERT_TRUE(r.status == StashMixResult::Status::Optimal ||
              r.status == StashMixResult::Status::Feasible);
  EXPECT_GE(r.seconds, 0);
  EXPECT_LE(r.peak, options.limit);
}

/// A crash, a hang or a corrupted reply of the solver process is a status
/// with no choice, and the next solve works.
TEST(StashMixMilpTest, SolverFailuresAreContained) {
  std::mt19937 rng(11);
  StashMixProblem p;
  do
    p = randomProblem(rng, 1, 6, 10);
  while (peakByHand(p, std::vector<bool>(6, true)) <=
         peakByHand(p, std::vector<bool>(6, false)));
  StashMixOptions options;
  options.limit = peakByHand(p, std::vector<bool>(6, false));
  options.timeLimit = 0.5;
  for (SolverFault fault :
       {SolverFault::Crash, SolverFault::Hang, SolverFault::Garbage}) {
    options.fault = fault;
    StashMixResult r = solveStashMix(p, options);
    EXPECT_TRUE(r.status == StashMixResult::Status::Failed ||
                r.status == StashMixResult::Status::Stopped);
    EXPECT_FALSE(r.failure.empty());
    EXPECT_TRUE(r.takeBack.empty());
  }
  options.fault = SolverFault::None;
  options.timeLimit = kDefaultSolverSeconds;
  StashMixResult r = solveStashMix(p, options);
  EXPECT_EQ(r.status, StashMixResult::Status::Optimal);
  EXPECT_LE(r.peak, options.limit);
}
