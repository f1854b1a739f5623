//===- EntryTimes.h - Where a CUDA step's time goes -------------*- C++ -*-===//
//
// An optional profile of a context's steps, per runtime entry: calls, device
// time (CUDA events recorded on the step's stream around each call: the
// stream's time from the call's first to its last piece of work, idle gaps
// in between included, so a launch-bound entry shows its launch cost) and
// host time (the call's wall time on the calling thread). Generated kernels
// (mgpuLaunchKernel) are counted as one row. Off unless
// echo_cuda_entry_times_enable turned it on; read with
// echo_cuda_entry_times_report (echo-step --entry-times). Events are read
// at echo_step_end, which waits for the stream anyway.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_ENTRYTIMES_H
#define ECHO_RUNTIME_CUDA_ENTRYTIMES_H

#include <cuda_runtime_api.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace echo_cuda {

struct EntryTimes {
  struct Pending {
    const char *name;
    cudaEvent_t start, end;
    double hostMs;
  };
  struct Total {
    int64_t calls = 0;
    double deviceMs = 0, hostMs = 0;
  };
  std::vector<std::pair<cudaEvent_t, cudaEvent_t>> events; // reused
  std::vector<Pending> pending;                            // this step's
  std::map<std::string, Total> totals;
  int64_t steps = 0;
  std::string report;

  /// Records the start of a call on `stream`; returns its slot.
  size_t begin(const char *name, cudaStream_t stream);
  void end(size_t slot, cudaStream_t stream,
           std::chrono::steady_clock::time_point hostStart);
  /// After the stream was waited for: adds this step's calls to the totals.
  void finishStep();
  std::string format() const;
  ~EntryTimes();
};

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_ENTRYTIMES_H
