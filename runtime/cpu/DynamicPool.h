//===- DynamicPool.h - The step's buffers in a pool of host memory -*- C++ -*-===//
//
// The CPU backend's dynamic pool (echo_mem_use_pool): the placement core
// (common/DevicePool.h) over real memory. The main space and the
// incremental space are each one reservation of address space
// (MAP_NORESERVE: pages are committed when touched), so a placement is an
// address and two buffers never overlap unless the core placed them so.
//
// The first step it serves is profiled in a main space as large as the
// reservation; at its end the main space shrinks to the profiled peak plus a
// reserve (Dymem's pool sizing). A later step whose buffer finds no room
// gets that buffer from the host allocator instead (an overflow) and the
// main space grows to fit at the step's end. Optionally every allocation
// and free is appended to a CSV trace with the pool's state.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_DYNAMICPOOL_H
#define ECHO_RUNTIME_CPU_DYNAMICPOOL_H

#include "DevicePool.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <unordered_map>

class DynamicPool {
public:
  DynamicPool() = default;
  DynamicPool(const DynamicPool &) = delete;
  DynamicPool &operator=(const DynamicPool &) = delete;
  ~DynamicPool() { disable(); }

  /// Switches to `policy` (EchoPoolPolicy) with `reservation` bytes of
  /// address space per space, tracing to `tracePath` when not empty.
  bool configure(int64_t policy, int64_t reservation,
                 const std::string &tracePath, std::string &error);
  bool enabled() const { return pool.has_value(); }
  /// Any step buffer live in the pool.
  bool busy() const { return !entries.empty(); }

  /// Memory for a step buffer, or nullptr when the pool has no room.
  void *allocate(int64_t bytes, int64_t category, int64_t mobility,
                 int64_t site);
  /// True (with the buffer's bytes and category) when `ptr` is a pool
  /// block, which is then freed.
  bool release(void *ptr, int64_t &bytes, int64_t &category);
  /// Counts a step buffer of `bytes` the pool had no room for.
  void noteOverflow(int64_t bytes) {
    ++overflows;
    largestOverflow = std::max(largestOverflow, bytes);
  }

  void beginStep();
  void endStep();

private:
  struct Entry {
    echo_pool::Block block;
    int64_t bytes, category, mobility, site;
  };
  void disable();
  void *addressOf(const echo_pool::Block &block) const;
  void record(const char *op, const Entry &entry, double uf);

  std::optional<echo_pool::DevicePool> pool;
  int64_t policyId = 0;
  char *mainBase = nullptr, *incrementalBase = nullptr;
  int64_t reserved = 0;
  std::unordered_map<void *, Entry> entries;
  bool profiling = true, inStep = false;
  int64_t step = 0, event = 0, overflows = 0, largestOverflow = 0;
  int64_t requested = 0;
  std::FILE *trace = nullptr;
  std::chrono::steady_clock::time_point start;
};

#endif // ECHO_RUNTIME_CPU_DYNAMICPOOL_H
