//===- OffloadPlanner.cpp - Which stashes go to host memory, and when -----===//

#include "EchoDialect/Core/OffloadPlanner.h"

#include <algorithm>
#include <numeric>

using namespace mlir::echo;

namespace {

/// The last task the value is needed by in the forward pass: the offload
/// is issued right after it (it waits for the producer only, so it may
/// start as soon as the value exists).
unsigned offloadPosition(const OffloadCandidate &c) {
  return std::max(c.producer, c.lastForwardUse);
}

/// Dymem: the prefetch is issued `layersAhead` layers (weight
/// gradients) before the first backward use, at the start of the backward
/// pass when fewer layers come before it.
unsigned dymemPrefetchPosition(const OffloadStep &step,
                               const OffloadCandidate &c, unsigned lowest,
                               unsigned layersAhead) {
  unsigned found = 0;
  for (unsigned i = c.firstBackwardUse; i > lowest; --i) {
    if (step.layerBoundary[i - 1] && ++found == layersAhead)
      return i - 1;
  }
  return lowest;
}

/// Greedy: the latest position whose compute up to the first use hides
/// the copy.
unsigned hidingPrefetchPosition(const OffloadStep &step,
                                const OffloadCandidate &c, unsigned lowest,
                                double copySeconds) {
  double covered = 0;
  for (unsigned i = c.firstBackwardUse; i > lowest; --i) {
    covered += step.tasks[i - 1].seconds;
    if (covered >= copySeconds)
      return i - 1;
  }
  return lowest;
}

} // namespace

std::vector<StreamTask>
mlir::echo::withCopies(const OffloadStep &step,
                       const std::vector<OffloadDecision> &decisions,
                       const OffloadOptions &options, std::vector<int> *original) {
  size_t n = step.tasks.size();
  std::vector<std::vector<unsigned>> before(n), after(n);
  for (unsigned d = 0; d < decisions.size(); ++d) {
    after[decisions[d].offloadAfter].push_back(d);
    before[decisions[d].prefetchBefore].push_back(d);
  }
  std::vector<StreamTask> tasks;
  tasks.reserve(n + 2 * decisions.size());
  std::vector<unsigned> index(n);               // original -> new
  std::vector<unsigned> offloadTask(decisions.size());
  std::vector<unsigned> prefetchTask(decisions.size());
  std::vector<std::vector<unsigned>> firstUseOf(n);
  for (unsigned d = 0; d < decisions.size(); ++d)
    firstUseOf[step.candidates[decisions[d].candidate].firstBackwardUse]
        .push_back(d);
  if (original)
    original->clear();
  auto push = [&](StreamTask task, int from) {
    tasks.push_back(std::move(task));
    if (original)
      original->push_back(from);
  };
  for (size_t i = 0; i < n; ++i) {
    for (unsigned d : before[i]) {
      const OffloadCandidate &c = step.candidates[decisions[d].candidate];
      prefetchTask[d] = tasks.size();
      push({Stream::Copy, options.profile.transferSeconds(c.bytes),
            {offloadTask[d]}},
           -1);
    }
    StreamTask task = step.tasks[i];
    for (unsigned &w : task.waitsFor)
      w = w < i ? index[w] : unsigned(tasks.size()); // invalid: caught later
    for (unsigned d : firstUseOf[i])
      task.waitsFor.push_back(prefetchTask[d]);
    index[i] = tasks.size();
    push(std::move(task), int(i));
    for (unsigned d : after[i]) {
      const OffloadCandidate &c = step.candidates[decisions[d].candidate];
      offloadTask[d] = tasks.size();
      push({Stream::Copy, options.profile.transferSeconds(c.bytes),
            {index[c.producer]}},
           -1);
    }
  }
  return tasks;
}

std::string mlir::echo::planOffloads(const OffloadStep &step,
                                     const OffloadOptions &options,
                                     OffloadPlan &plan) {
  plan = OffloadPlan();
  size_t n = step.tasks.size();
  if (step.layerBoundary.size() != n)
    return "layer boundaries for " + std::to_string(step.layerBoundary.size()) +
           " of " + std::to_string(n) + " tasks";
  if (options.maxSlowdown < 0)
    return "the time budget is negative";
  for (size_t k = 0; k < step.candidates.size(); ++k) {
    const OffloadCandidate &c = step.candidates[k];
    if (c.firstBackwardUse >= n || c.producer >= n || c.lastForwardUse >= n ||
        c.firstBackwardUse < step.backwardStart ||
        offloadPosition(c) >= c.firstBackwardUse || c.bytes < 0)
      return "candidate " + std::to_string(k) +
             " is not produced and read forward before its backward use";
  }

  StreamTimeline base;
  if (std::string problem = simulateStreams(step.tasks, base); !problem.empty())
    return problem;
  plan.baseSeconds = base.stepSeconds;
  double budget = base.stepSeconds * (1 + options.maxSlowdown);

  // The order candidates are tried in.
  std::vector<unsigned> order;
  for (unsigned k = 0; k < step.candidates.size(); ++k)
    if (options.policy == OffloadPolicyKind::Greedy || step.candidates[k].layerInput)
      order.push_back(k);
  if (options.policy == OffloadPolicyKind::Greedy)
    std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
      return step.candidates[a].bytes > step.candidates[b].bytes;
    });
  else
    std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
      return step.candidates[a].producer < step.candidates[b].producer;
    });

  std::vector<OffloadDecision> kept;
  StreamTimeline timeline = base;
  for (unsigned k : order) {
    const OffloadCandidate &c = step.candidates[k];
    unsigned offloadAfter = offloadPosition(c);
    // The device buffer is free strictly between the two copies; with no
    // task in between nothing is gained.
    unsigned lowest = std::max(step.backwardStart, offloadAfter + 1);
    unsigned prefetchBefore =
        options.policy == OffloadPolicyKind::Dymem
            ? dymemPrefetchPosition(step, c, lowest, options.layersAhead)
            : hidingPrefetchPosition(step, c, lowest,
                                     options.profile.transferSeconds(c.bytes));
    if (prefetchBefore <= offloadAfter + 1 || c.bytes == 0)
      continue;
    kept.push_back({k, offloadAfter, prefetchBefore});
    StreamTimeline trial;
    std::string problem =
        simulateStreams(withCopies(step, kept, options), trial,
                        /*overlap=*/false);
    if (!problem.empty())
      return problem;
    if (trial.stepSeconds > budget) {
      kept.pop_back();
      continue;
    }
    timeline = std::move(trial);
  }
  std::sort(kept.begin(), kept.end(),
            [](const OffloadDecision &a, const OffloadDecision &b) {
              return a.candidate < b.candidate;
            });
  for (const OffloadDecision &d : kept)
    plan.offloadedBytes += step.candidates[d.candidate].bytes;
  // The copies issued at one position run in candidate order now: the
  // timeline of that order is the plan's.
  if (std::string problem =
          simulateStreams(withCopies(step, kept, options), timeline);
      !problem.empty())
    return problem;
  plan.decisions = std::move(kept);
  plan.timeline = std::move(timeline);
  return "";
}
