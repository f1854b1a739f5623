//===- CountingAllocator.cpp - Device memory accounting ------------------===//
//
// The context's allocator (Context.h) and the host functions over it. Each
// block carries a 256-byte header with its size and category, so the user
// pointer keeps the 256-byte alignment the arena planner assumes; the set of
// live blocks lets a context free what is left when it is destroyed and
// refuse a pointer it did not hand out without reading it. Counted bytes are the requested bytes
// exactly, so the measured peak equals the planned one. Freed blocks wait in
// a cache for a request of the same size instead of going back to the host.
// With echo_mem_use_pool, step buffers are placed in the dynamic pool instead
// (DynamicPool.h) and counted the same way.
//
//===----------------------------------------------------------------------===//

#include "AllocSite.h"
#include "Context.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

struct EchoAllocator::Block {
  int64_t bytes;
  int64_t category;
};

namespace {

constexpr size_t kHeader = 256;
static_assert(sizeof(EchoAllocator::Block) <= kHeader, "header too large");

/// The bytes a block of `bytes` takes with its header, aligned.
size_t totalOf(int64_t bytes) {
  return (kHeader + (size_t)bytes + kHeader - 1) / kHeader * kHeader;
}

/// Address arithmetic only: the header is not read.
EchoAllocator::Block *headerOf(const void *ptr) {
  return reinterpret_cast<EchoAllocator::Block *>(
      const_cast<char *>(static_cast<const char *>(ptr)) - kHeader);
}

} // namespace

void *EchoAllocator::allocate(int64_t bytes, int64_t category,
                              const std::string &what, std::string &error) {
  category = echo_rt::validCategory(category);
  auto refuse = [&](const char *why) -> void * {
    error = refusal(bytes, what, why);
    return nullptr;
  };
  if (!fits(bytes))
    return refuse("");
  // Round the total up to the alignment, as aligned_alloc requires.
  size_t total = totalOf(bytes);
  void *raw = nullptr;
  auto hit = cache.find(total);
  if (hit != cache.end()) {
    raw = hit->second;
    cache.erase(hit);
    cachedBytes -= total;
  } else {
    raw = std::aligned_alloc(kHeader, total);
    if (!raw && !cache.empty()) { // give the cached blocks back and retry
      trimCache();
      raw = std::aligned_alloc(kHeader, total);
    }
  }
  if (!raw)
    return refuse(" (the host allocator failed)");
  liveBytes += total;
  highWater = std::max(highWater, liveBytes);
  auto *block = static_cast<Block *>(raw);
  *block = Block{bytes, category};
  live.insert(block);
  count(bytes, category);
  return static_cast<char *>(raw) + kHeader;
}

void *EchoAllocator::allocateStep(int64_t bytes, int64_t site,
                                  std::string &error) {
  echo_rt::AllocSite entry = this->site(site);
  // The capacity bounds live bytes in every mode (the measured peak is
  // comparable across policies); allocate() words the refusal.
  if (pool.enabled() && fits(bytes)) {
    if (void *ptr = pool.allocate(bytes, entry.category, entry.mobility, site)) {
      count(bytes, entry.category);
      return ptr;
    }
    pool.noteOverflow(bytes);
  }
  return allocate(bytes, entry.category, entry.what, error);
}

bool EchoAllocator::holds(const void *ptr) const {
  return live.count(headerOf(ptr)) != 0;
}

bool EchoAllocator::release(void *ptr) {
  if (!ptr)
    return true;
  int64_t bytes, category;
  if (pool.release(ptr, bytes, category)) {
    uncount(bytes, category);
    return true;
  }
  Block *block = headerOf(ptr);
  if (!live.erase(block))
    return false;
  uncount(block->bytes, block->category);
  size_t total = totalOf(block->bytes);
  liveBytes -= total;
  if (cachedBytes + total <= highWater) {
    cache.emplace(total, block);
    cachedBytes += total;
  } else {
    std::free(block);
  }
  return true;
}

void EchoAllocator::releaseAll() {
  while (!live.empty())
    release(reinterpret_cast<char *>(*live.begin()) + kHeader);
}

void EchoAllocator::trimCache() {
  for (auto &[total, block] : cache)
    std::free(block);
  cache.clear();
  cachedBytes = 0;
}

EchoAllocator::~EchoAllocator() {
  releaseAll();
  trimCache();
}

extern "C" {

#include "MemoryQueries.inc"

echo_status echo_mem_use_pool(echo_context *ctx, int64_t policy,
                              const char *trace_path) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (!echo_rt::poolPolicyName(policy))
    return ctx->setError(ECHO_ERR_INVALID_ARGUMENT,
                         "echo_mem_use_pool: unknown policy " +
                             std::to_string(policy));
  // Address space for each of the main and incremental spaces: the
  // capacity, or 1 TiB when unbounded (reserved, not committed).
  EchoAllocator &m = ctx->memory;
  int64_t reservation = m.capacity > 0 ? m.capacity : int64_t(1) << 40;
  std::string error;
  if (!m.pool.configure(policy, reservation, trace_path ? trace_path : "",
                        error))
    return ctx->setError(ECHO_ERR_INVALID_ARGUMENT,
                         "echo_mem_use_pool: " + error);
  return ECHO_OK;
}

echo_status echo_mem_alloc(echo_context *ctx, size_t bytes, int64_t category,
                           const char *what, void **out) {
  if (!ctx || !out)
    return ECHO_ERR_INVALID_ARGUMENT;
  return echo_rt::allocateForHost(*ctx, bytes, category, what, out);
}

void echo_mem_free(echo_context *ctx, void *ptr) {
  if (ctx && !ctx->memory.release(ptr))
    ctx->setError(ECHO_ERR_INVALID_ARGUMENT,
                  "echo_mem_free: a pointer this context did not allocate");
}

echo_status echo_copy_to_host(echo_context *ctx, void *host_dst,
                              const void *device_src, size_t bytes) {
  if (!ctx || (bytes && (!host_dst || !device_src)))
    return ECHO_ERR_INVALID_ARGUMENT;
  if (bytes)
    std::memcpy(host_dst, device_src, bytes);
  return ECHO_OK;
}

echo_status echo_copy_to_device(echo_context *ctx, void *device_dst,
                                const void *host_src, size_t bytes) {
  return echo_copy_to_host(ctx, device_dst, host_src, bytes);
}

void *echo_alloc(echo_context *ctx, int64_t bytes, int64_t site) {
  if (!ctx)
    return nullptr;
  // After a failure the step only runs to its end: allocate nothing more.
  if (ctx->status != ECHO_OK)
    return nullptr;
  std::string error;
  void *ptr = ctx->memory.allocateStep(bytes, site, error);
  if (!ptr) {
    ctx->setError(ECHO_ERR_OUT_OF_MEMORY, "echo_alloc: " + error);
    // The site already names the op and its location; the entry that next
    // returns the sticky error is not the one that failed.
    ctx->locatedError = true;
  }
  return ptr;
}

} // extern "C"
