//===- StepGraph.h - Recording a step as a CUDA graph -----------*- C++ -*-===//
//
// echo_graph_capture records the kernels, copies and library calls of one
// step on the context's stream (cudaStreamBeginCapture, relaxed mode, so
// the first use of a buffer may still cudaMalloc), and echo_graph_replay
// launches the instantiated graph: one launch instead of one per entry.
// What the host does around the device work is recorded beside the graph
// and repeated by each replay: the step's allocation counts (so the
// measured peak stays the plan), its deferred data checks (read after the
// replay, as echo_step_end reads them). The device blocks the step frees
// stay the graph's, since its kernels name their addresses; the constants
// it uploads are copied once into pinned memory the graph reads. A step
// that waits for the device (the CSR encoding, a scratch buffer that
// grows), offloads, or is profiled cannot be recorded: it fails with the
// entry and the reason, and the host runs it eagerly.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_STEPGRAPH_H
#define ECHO_RUNTIME_CUDA_STEPGRAPH_H

#include "DeferredChecks.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace echo_cuda {

/// What a step being recorded does on the host.
struct Recording {
  /// Allocation counts in order: (bytes, category), a free as -bytes.
  std::vector<std::pair<int64_t, int64_t>> counts;
  /// Device blocks the step freed, kept for the replays.
  std::vector<void *> blocks;
  /// Pinned host copies of the constants the step uploads.
  std::vector<void *> pinned;
  /// The step's deferred checks (moved here by its echo_step_end).
  std::vector<PendingCheck> checks;
  bool stepEnded = false;
};

/// echo_step_end of a recorded step: its checks go to the recording,
/// nothing is waited for.
void endRecordedStep(Context &ctx);
/// echo_context_destroy: the graphs the host did not destroy.
void releaseGraphs(Context &ctx);

/// Inside a recorded step, throws "<entry>: <what>, which a step recorded
/// as a graph cannot" (the host then runs the step eagerly).
void refuseWhileRecording(Context &ctx, const char *entry, const char *what);

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_STEPGRAPH_H
