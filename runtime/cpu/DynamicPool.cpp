//===- DynamicPool.cpp - The step's buffers in a pool of host memory ------===//

#include "DynamicPool.h"

#include "AllocSite.h"
#include "echo/allocator.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <sys/mman.h>

using echo_pool::Block;
using echo_pool::Region;

namespace {

char *reserve(int64_t bytes) {
  void *p = mmap(nullptr, (size_t)bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<char *>(p);
}

const char *regionName(Region region) {
  return region == Region::Low    ? "low"
         : region == Region::High ? "high"
                                  : "incremental";
}

} // namespace

void DynamicPool::disable() {
  if (trace)
    std::fclose(trace);
  trace = nullptr;
  if (mainBase)
    munmap(mainBase, (size_t)reserved);
  if (incrementalBase)
    munmap(incrementalBase, (size_t)reserved);
  mainBase = incrementalBase = nullptr;
  pool.reset();
}

bool DynamicPool::configure(int64_t policy, int64_t reservation,
                            const std::string &tracePath, std::string &error) {
  if (busy()) {
    error = "step buffers are still live in the pool";
    return false;
  }
  disable();
  policyId = policy;
  if (policy == ECHO_POOL_NONE)
    return true;
  reserved = reservation / 4096 * 4096; // keeps high-end blocks aligned
  mainBase = reserve(reserved);
  incrementalBase = mainBase ? reserve(reserved) : nullptr;
  if (!incrementalBase) {
    error = "cannot reserve " + std::to_string(reserved) +
            " bytes of address space for the pool: " + std::strerror(errno);
    disable();
    return false;
  }
  if (!tracePath.empty()) {
    trace = std::fopen(tracePath.c_str(), "w");
    if (!trace) {
      error = "cannot write the pool trace " + tracePath + ": " +
              std::strerror(errno);
      disable();
      return false;
    }
    std::fprintf(trace, "step,event,time_us,op,site,mobility,bytes,region,"
                        "offset,live_bytes,footprint,uf\n");
  }
  pool.emplace(policy == ECHO_POOL_GTBM ? echo_pool::Policy::Gtbm
                                        : echo_pool::Policy::BestFit,
               reserved);
  profiling = true;
  step = event = overflows = requested = 0;
  start = std::chrono::steady_clock::now();
  return true;
}

void *DynamicPool::addressOf(const Block &block) const {
  switch (block.region) {
  case Region::Low:
    return mainBase + block.offset;
  case Region::High:
    return mainBase + (pool->mainBytes() - block.offset - block.bytes);
  case Region::Incremental:
    return incrementalBase + block.offset;
  }
  return nullptr;
}

void DynamicPool::record(const char *op, const Entry &entry, double uf) {
  if (!trace)
    return;
  double us = std::chrono::duration<double, std::micro>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  std::fprintf(trace, "%lld,%lld,%.1f,%s,%lld,%s,%lld,%s,%lld,%lld,%lld,",
               (long long)step, (long long)event++, us, op,
               (long long)entry.site, echo_rt::mobilityName(entry.mobility),
               (long long)entry.bytes, regionName(entry.block.region),
               (long long)entry.block.offset, (long long)requested,
               (long long)(pool->mainFootprint() +
                           pool->incrementalFootprint()));
  if (uf >= 0)
    std::fprintf(trace, "%.6f", uf);
  std::fputc('\n', trace);
}

void *DynamicPool::allocate(int64_t bytes, int64_t category, int64_t mobility,
                            int64_t site) {
  if (!pool)
    return nullptr;
  echo_pool::Mobility kind =
      mobility == ECHO_MOBILITY_TEMPORARY   ? echo_pool::Mobility::Temporary
      : mobility == ECHO_MOBILITY_RECLAIMED ? echo_pool::Mobility::Reclaimed
                                            : echo_pool::Mobility::Movable;
  // U_f as the request finds the pool: meaningful once the pool is sized.
  double uf = profiling ? -1 : pool->unusableFree(bytes);
  std::optional<Block> block = pool->allocate(bytes, kind);
  if (!block)
    return nullptr;
  if (block->offset + block->bytes > reserved) { // beyond the reservation
    pool->release(*block);
    return nullptr;
  }
  void *ptr = addressOf(*block);
  Entry entry{*block, bytes, category, mobility, site};
  entries.emplace(ptr, entry);
  requested += bytes;
  record("alloc", entry, uf);
  return ptr;
}

bool DynamicPool::release(void *ptr, int64_t &bytes, int64_t &category) {
  auto found = entries.find(ptr);
  if (found == entries.end())
    return false;
  Entry entry = found->second;
  entries.erase(found);
  pool->release(entry.block);
  requested -= entry.bytes;
  bytes = entry.bytes;
  category = entry.category;
  record("free", entry, -1);
  return true;
}

void DynamicPool::beginStep() {
  if (!pool)
    return;
  inStep = true;
  overflows = largestOverflow = 0;
  pool->resetPeaks();
}

void DynamicPool::endStep() {
  if (!pool || !inStep)
    return;
  inStep = false;
  if (trace)
    std::fprintf(trace,
                 "# step=%lld policy=%s profiling=%d main_bytes=%lld "
                 "peak_live=%lld peak_main=%lld peak_incremental=%lld "
                 "peak_with_fragmentation=%lld overflows=%lld\n",
                 (long long)step, echo_rt::poolPolicyName(policyId),
                 profiling ? 1 : 0,
                 (long long)(profiling ? 0 : pool->mainBytes()),
                 (long long)pool->peakLive(), (long long)pool->peakMain(),
                 (long long)pool->peakIncremental(),
                 (long long)pool->peakWithFragmentation(),
                 (long long)overflows);
  ++step;
  // Size the main space from the profiled step (or grow it after an
  // overflow); only possible once the step freed everything.
  // An overflow provisions one more reserve (Dymem's beta), at least the
  // largest buffer that did not fit.
  if ((profiling || overflows) && !busy()) {
    int64_t size = pool->sizeFromProfile();
    if (!profiling)
      size = pool->mainBytes() +
             std::max(largestOverflow, size - pool->peakMain());
    pool->resize(std::min(reserved, size));
    profiling = false;
  }
  if (trace)
    std::fflush(trace);
}
