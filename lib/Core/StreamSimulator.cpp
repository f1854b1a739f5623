//===- StreamSimulator.cpp - Compute and copy streams over time -----------===//

#include "EchoDialect/Core/StreamSimulator.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

using namespace mlir::echo;

double DeviceProfile::kernelSeconds(int64_t flops, int64_t bytes,
                                    int64_t tensorFlops) const {
  double tensorRate =
      tensorFlopsPerSecond > 0 ? tensorFlopsPerSecond : flopsPerSecond;
  double compute = (flopsPerSecond > 0 ? double(flops) / flopsPerSecond : 0) +
                   (tensorRate > 0 ? double(tensorFlops) / tensorRate : 0);
  double memory =
      deviceBytesPerSecond > 0 ? double(bytes) / deviceBytesPerSecond : 0;
  return std::max(compute, memory);
}

double DeviceProfile::transferSeconds(int64_t bytes) const {
  return hostBytesPerSecond > 0 ? double(bytes) / hostBytesPerSecond : 0;
}

double DeviceProfile::collectiveSeconds(int64_t ringBytes) const {
  return collectiveLatency +
         (peerBytesPerSecond > 0 ? double(ringBytes) / peerBytesPerSecond : 0);
}

// Dense FP32 throughput, memory bandwidth and one direction of the host
// link of a representative device per link generation (vendor data sheets;
// PCIe at its x16 payload rate after encoding), the link between the
// devices of a node with a collective's fixed cost (a NCCL ring's launch and
// handshakes, about 10 us over PCIe, 5 us over NVLink), and dense bf16/f16
// tensor-core throughput (without sparsity):
//  - pcie4: A100 PCIe 40 GB (19.5 TFLOP/s, 1.555 TB/s, 312 TFLOP/s bf16),
//    PCIe 4.0 x16 (~25 GB/s) to host and between devices
//  - pcie5: H100 PCIe (51 TFLOP/s, 2.0 TB/s, 756 TFLOP/s bf16), PCIe 5.0
//    x16 (~50 GB/s) to host and between devices
//  - nvlink-c2c: GH200 (67 TFLOP/s, 4.0 TB/s, 989 TFLOP/s bf16),
//    NVLink-C2C (450 GB/s per direction) to host, NVLink 4 (450 GB/s per
//    direction) between devices
std::optional<DeviceProfile>
mlir::echo::deviceProfileNamed(const std::string &name) {
  if (name == "pcie4")
    return DeviceProfile{name, 19.5e12, 1.555e12, 25e9, 25e9, 10e-6, 312e12};
  if (name == "pcie5")
    return DeviceProfile{name, 51e12, 2.0e12, 50e9, 50e9, 10e-6, 756e12};
  if (name == "nvlink-c2c")
    return DeviceProfile{name, 67e12, 4.0e12, 450e9, 450e9, 5e-6, 989e12};
  return std::nullopt;
}

std::vector<std::string> mlir::echo::deviceProfileNames() {
  return {"pcie4", "pcie5", "nvlink-c2c"};
}

std::string mlir::echo::simulateStreams(const std::vector<StreamTask> &tasks,
                                        StreamTimeline &t, bool overlap) {
  t = StreamTimeline();
  t.start.resize(tasks.size());
  t.end.resize(tasks.size());
  double free[2] = {0, 0};
  for (size_t i = 0; i < tasks.size(); ++i) {
    const StreamTask &task = tasks[i];
    if (!std::isfinite(task.seconds) || task.seconds < 0)
      return "task " + std::to_string(i) + " has an invalid duration";
    int s = task.stream == Stream::Compute ? 0 : 1;
    double begin = free[s];
    for (unsigned w : task.waitsFor) {
      if (w >= i)
        return "task " + std::to_string(i) + " waits for task " +
               std::to_string(w) + ", which is not issued before it";
      begin = std::max(begin, t.end[w]);
    }
    t.start[i] = begin;
    t.end[i] = free[s] = begin + task.seconds;
    (s == 0 ? t.computeBusy : t.copyBusy) += task.seconds;
    t.stepSeconds = std::max(t.stepSeconds, t.end[i]);
  }

  if (!overlap)
    return "";

  // Sweep the busy intervals of both streams. Each stream runs its tasks
  // one at a time in issue order, so its own events (start +bit, end -bit)
  // are already in time order, an end before a start at the same time;
  // merging the two streams' lists orders them all.
  using Event = std::pair<double, int>; // time, +-1 per stream bit
  std::vector<Event> streamEvents[2];
  for (size_t i = 0; i < tasks.size(); ++i) {
    if (t.end[i] <= t.start[i])
      continue;
    int s = tasks[i].stream == Stream::Compute ? 0 : 1;
    streamEvents[s].push_back({t.start[i], s + 1});
    streamEvents[s].push_back({t.end[i], -(s + 1)});
  }
  std::vector<Event> events;
  events.reserve(streamEvents[0].size() + streamEvents[1].size());
  std::merge(streamEvents[0].begin(), streamEvents[0].end(),
             streamEvents[1].begin(), streamEvents[1].end(),
             std::back_inserter(events), [](const Event &a, const Event &b) {
               return a.first < b.first ||
                      (a.first == b.first && a.second < b.second);
             });
  int busy[3] = {0, 0, 0}; // open intervals per stream bit (1, 2)
  double last = 0;
  for (auto [time, change] : events) {
    double span = time - last;
    bool compute = busy[1] > 0, copy = busy[2] > 0;
    if (compute && copy)
      t.overlapped += span;
    else if (compute)
      t.computeOnly += span;
    else if (copy)
      t.transferOnly += span;
    else
      t.idle += span;
    busy[std::abs(change)] += change > 0 ? 1 : -1;
    last = time;
  }
  return "";
}
