//===- MemoryStats.h - What every backend counts of device memory -*- C++ -*-===//
//
// The counters behind echo_mem_* (allocator.h), with one meaning on every
// backend: counted bytes are the requested bytes exactly (so a measured
// peak equals the planned one), in total and by category, with the peak,
// the split by category at the peak and each category's own maximum, and an
// optional capacity that refuses an allocation naming its site. A backend's
// allocator derives from it and adds where the bytes come from.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_MEMORYSTATS_H
#define ECHO_RUNTIME_COMMON_MEMORYSTATS_H

#include "AllocSite.h"
#include "echo/allocator.h"
#include "echo/runtime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace echo_rt {

struct MemoryStats {
  int64_t capacity = 0; // 0: unlimited
  std::vector<std::string> sites;
  int64_t current = 0, peak = 0, allocations = 0;
  int64_t csrOverflows = 0;
  int64_t currentOf[ECHO_MEM_NUM_CATEGORIES] = {};
  int64_t atPeakOf[ECHO_MEM_NUM_CATEGORIES] = {};
  int64_t maxOf[ECHO_MEM_NUM_CATEGORIES] = {};

  /// Whether `bytes` more stay within the capacity.
  bool fits(int64_t bytes) const;
  /// An allocation of `bytes` in `category` (one the caller validated).
  void count(int64_t bytes, int64_t category);
  void uncount(int64_t bytes, int64_t category);
  /// Counting restarts from what is live now; capacity and sites replaced.
  void reset(int64_t capacity, std::vector<std::string> sites);
  /// Entry `index` of the site table (an unnamed workspace buffer when out
  /// of range).
  AllocSite site(int64_t index) const;
  /// "out of memory: cannot allocate N bytes for WHAT: C of CAP bytes in
  /// use" + why.
  std::string refusal(int64_t bytes, const std::string &what,
                      const std::string &why) const;
};

/// A category in range, or the workspace.
int64_t validCategory(int64_t category);

/// echo_mem_alloc once the backend may allocate: `bytes` of `category` for
/// the host program from the context's allocator (`what`, or "a host
/// buffer", names them in the error); out of memory is the context's
/// error.
template <typename Context>
echo_status allocateForHost(Context &ctx, size_t bytes, int64_t category,
                            const char *what, void **out) {
  std::string error;
  *out = ctx.memory.allocate((int64_t)bytes, category,
                             what ? what : "a host buffer", error);
  if (*out)
    return ECHO_OK;
  return ctx.setError(ECHO_ERR_OUT_OF_MEMORY, "echo_mem_alloc: " + error);
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_MEMORYSTATS_H
