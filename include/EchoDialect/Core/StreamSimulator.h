//===- StreamSimulator.h - Compute and copy streams over time ---*- C++ -*-===//
//
// A discrete-event timeline of a training step on a device with two
// in-order streams, as Dymem (HPDC 2020) runs it: a compute stream for the
// kernels and a copy stream for host transfers (offload, prefetch), with
// cross-stream waits (events) only where a task needs another's result -
// no per-layer barrier. No IR: tasks carry their duration and the tasks
// they wait for; `DeviceProfile` turns FLOPs and bytes into durations.
//
// The summary splits the step as Dymem's Figure 14 does: time where both
// streams are busy (overlapped), only the copy stream (non-overlapped
// transfer), only the compute stream (non-overlapped compute), neither
// (idle, waiting on nothing: always 0 for a well-formed step).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_STREAMSIMULATOR_H
#define ECHODIALECT_CORE_STREAMSIMULATOR_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace echo {

/// Throughputs of a device and its link to host memory.
struct DeviceProfile {
  std::string name;
  double flopsPerSecond = 0;       // compute throughput (FP32)
  double deviceBytesPerSecond = 0; // device memory bandwidth
  double hostBytesPerSecond = 0;   // host link, one direction
  double peerBytesPerSecond = 0;   // link to the other devices, one direction
  double collectiveLatency = 0;    // seconds a collective takes at least
  /// Dense bf16/f16 tensor-core throughput of matrix products (0: as FP32).
  double tensorFlopsPerSecond = 0;

  /// A kernel's time on the roofline: bound by compute (`flops` at the FP32
  /// rate, `tensorFlops` of 16-bit products at the tensor-core rate) or by
  /// the bytes it reads and writes in device memory, whichever is slower.
  double kernelSeconds(int64_t flops, int64_t bytes,
                       int64_t tensorFlops = 0) const;
  /// A host transfer of `bytes` over the link.
  double transferSeconds(int64_t bytes) const;
  /// A collective that sends `ringBytes` per device (the ring accounting
  /// of collectiveCost, EchoOps.h) over the peer link.
  double collectiveSeconds(int64_t ringBytes) const;
};

/// The presets: "pcie4", "pcie5", "nvlink-c2c"; nullopt for other names.
std::optional<DeviceProfile> deviceProfileNamed(const std::string &name);

/// The preset names, for option help and error messages.
std::vector<std::string> deviceProfileNames();

enum class Stream { Compute, Copy };

struct StreamTask {
  Stream stream = Stream::Compute;
  double seconds = 0;
  /// Earlier tasks (indices) that must end before this one starts.
  std::vector<unsigned> waitsFor;
};

struct StreamTimeline {
  std::vector<double> start, end; // per task
  double stepSeconds = 0;         // the last end
  double computeBusy = 0, copyBusy = 0;
  double overlapped = 0;   // both streams busy
  double transferOnly = 0; // copy busy, compute idle
  double computeOnly = 0;  // compute busy, copy idle
  double idle = 0;         // neither busy before the last end
};

/// Tasks are issued in index order; each stream runs its tasks in that
/// order, one at a time; a task starts when its stream is free and every
/// task it waits for has ended. Returns "" and fills `timeline`, or the
/// reason the tasks are malformed (a wait on a later task or itself, a
/// negative or non-finite duration). Without `overlap`, only the start and
/// end times, the step and the busy times are filled (what a search over
/// many trial timelines needs), not the overlap split.
std::string simulateStreams(const std::vector<StreamTask> &tasks,
                            StreamTimeline &timeline, bool overlap = true);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_STREAMSIMULATOR_H
