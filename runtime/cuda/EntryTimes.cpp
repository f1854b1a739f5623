//===- EntryTimes.cpp - Where a CUDA step's time goes ---------------------===//

#include "EntryTimes.h"
#include "Context.h"

#include <algorithm>
#include <cstdio>

using namespace echo_cuda;

size_t EntryTimes::begin(const char *name, cudaStream_t stream) {
  size_t slot = pending.size();
  if (slot == events.size()) {
    cudaEvent_t a = nullptr, b = nullptr;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    events.push_back({a, b});
  }
  pending.push_back({name, events[slot].first, events[slot].second, 0.0});
  cudaEventRecord(pending.back().start, stream);
  return slot;
}

void EntryTimes::end(size_t slot, cudaStream_t stream,
                     std::chrono::steady_clock::time_point hostStart) {
  cudaEventRecord(pending[slot].end, stream);
  pending[slot].hostMs = std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - hostStart)
                             .count();
}

void EntryTimes::finishStep() {
  for (const Pending &p : pending) {
    float ms = 0;
    if (cudaEventElapsedTime(&ms, p.start, p.end) != cudaSuccess) {
      cudaGetLastError();
      ms = 0; // an entry that failed before its work
    }
    Total &t = totals[p.name];
    ++t.calls;
    t.deviceMs += ms;
    t.hostMs += p.hostMs;
  }
  pending.clear();
  ++steps;
}

std::string EntryTimes::format() const {
  std::vector<std::pair<std::string, Total>> rows(totals.begin(),
                                                  totals.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
    return a.second.deviceMs > b.second.deviceMs;
  });
  double steps = this->steps > 0 ? double(this->steps) : 1.0;
  double device = 0, host = 0;
  int64_t calls = 0;
  for (const auto &[name, t] : rows)
    device += t.deviceMs, host += t.hostMs, calls += t.calls;
  std::string out;
  char line[256];
  std::snprintf(line, sizeof line,
                "entry times per step (mean of %lld step(s)):\n"
                "%-34s %8s %12s %7s %12s\n",
                (long long)this->steps, "entry", "calls", "device ms", "%",
                "host ms");
  out += line;
  for (const auto &[name, t] : rows) {
    std::snprintf(line, sizeof line, "%-34s %8.1f %12.4f %6.1f%% %12.4f\n",
                  name.c_str(), t.calls / steps, t.deviceMs / steps,
                  device > 0 ? 100.0 * t.deviceMs / device : 0.0,
                  t.hostMs / steps);
    out += line;
  }
  std::snprintf(line, sizeof line, "%-34s %8.1f %12.4f %7s %12.4f\n", "total",
                calls / steps, device / steps, "", host / steps);
  out += line;
  return out;
}

EntryTimes::~EntryTimes() {
  for (auto &[a, b] : events) {
    cudaEventDestroy(a);
    cudaEventDestroy(b);
  }
}

extern "C" {

// Backend-specific, outside abi.def (a host looks them up with dlsym).
__attribute__((visibility("default"))) echo_status
echo_cuda_entry_times_enable(echo_context *ctx, int on) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (!on) {
    delete ctx->entryTimes;
    ctx->entryTimes = nullptr;
  } else if (!ctx->entryTimes) {
    ctx->entryTimes = new EntryTimes();
  }
  return ECHO_OK;
}

__attribute__((visibility("default"))) const char *
echo_cuda_entry_times_report(echo_context *ctx) {
  if (!ctx || !ctx->entryTimes)
    return "";
  ctx->entryTimes->report = ctx->entryTimes->format();
  return ctx->entryTimes->report.c_str();
}

} // extern "C"
