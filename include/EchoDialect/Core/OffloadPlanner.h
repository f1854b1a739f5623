//===- OffloadPlanner.h - Which stashes go to host memory, and when -*- C++ -*-===//
//
// Dymem (HPDC 2020, section 3) offloads stashed feature maps to host memory
// after their last forward use and prefetches them before their first
// backward use, on a copy stream that overlaps compute. This core decides
// which stashes to offload and where to issue each copy; it sees no IR:
// a step is its compute tasks in program order (StreamSimulator.h) and the
// candidates, and every decision is checked on the simulated timeline of
// both streams, so the step stays within a time budget of no offload.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_OFFLOADPLANNER_H
#define ECHODIALECT_CORE_OFFLOADPLANNER_H

#include "EchoDialect/Core/StreamSimulator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace echo {

/// A stashed value that may be offloaded. Positions are indices of the
/// step's compute tasks (program order).
struct OffloadCandidate {
  int64_t bytes = 0;
  unsigned producer = 0;        // the task that writes the value
  unsigned lastForwardUse = 0;  // last task before the backward pass reading it
  unsigned firstBackwardUse = 0; // first task of the backward pass reading it
  bool layerInput = false;       // Dymem's candidates: inputs of its layers
};

struct OffloadStep {
  std::vector<StreamTask> tasks; // compute tasks only, in program order
  unsigned backwardStart = 0;    // first task of the backward pass
  /// Per task: it belongs to a layer Dymem counts for the prefetch
  /// distance (the weight gradient of one of its layers).
  std::vector<bool> layerBoundary;
  std::vector<OffloadCandidate> candidates;
};

enum class OffloadPolicyKind {
  /// Dymem's rules: its layers' inputs, in forward order; each prefetch
  /// issued `layersAhead` layers before its first backward use.
  Dymem,
  /// Every stash, largest first; each prefetch issued as late as the
  /// compute left before its first use still hides the copy.
  Greedy,
};

struct OffloadOptions {
  OffloadPolicyKind policy = OffloadPolicyKind::Dymem;
  DeviceProfile profile;
  unsigned layersAhead = 2;
  /// A candidate is kept only while the simulated step stays within
  /// (1 + maxSlowdown) of the step without offload.
  double maxSlowdown = 0.05;
};

/// One chosen offload: issued right after task `offloadAfter`, prefetched
/// right before task `prefetchBefore`.
struct OffloadDecision {
  unsigned candidate = 0;
  unsigned offloadAfter = 0;
  unsigned prefetchBefore = 0;
};

struct OffloadPlan {
  std::vector<OffloadDecision> decisions; // in candidate order
  double baseSeconds = 0;                 // the step without offload
  StreamTimeline timeline;                // the step with the decisions
  int64_t offloadedBytes = 0;
};

/// Chooses the offloads of `step` under `options`. Returns "" and fills
/// `plan`, or why the step is malformed (a candidate's positions out of
/// range or out of order, or tasks the simulator rejects).
std::string planOffloads(const OffloadStep &step, const OffloadOptions &options,
                         OffloadPlan &plan);

/// The tasks of `step` with the copies of `decisions` inserted (offload
/// right after its position, waiting for the producer; prefetch right
/// before its position, waiting for the offload; the first backward use
/// waiting for the prefetch). `original` maps each task of the result to
/// its index in `step.tasks`, or -1 for a copy.
std::vector<StreamTask>
withCopies(const OffloadStep &step,
           const std::vector<OffloadDecision> &decisions,
           const OffloadOptions &options, std::vector<int> *original = nullptr);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_OFFLOADPLANNER_H
