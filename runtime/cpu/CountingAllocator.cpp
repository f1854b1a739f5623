//===- CountingAllocator.cpp - Device memory accounting ------------------===//
//
// The context's allocator (Context.h) and the host functions over it. Each
// block carries a 256-byte header with its size, category and the links of
// the context's live list, so frees need no lookup table, a context frees
// what is left when it is destroyed, and the user pointer keeps the 256-byte
// alignment the arena planner assumes. Counted bytes are the requested bytes
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
  uint64_t magic;
  int64_t bytes;
  int64_t category;
  Block *prev, *next;
};

namespace {

constexpr size_t kHeader = 256;
constexpr uint64_t kMagic = 0xec40a110c8ULL;
constexpr uint64_t kCachedMagic = 0xec40cac4edULL; // freed, kept for reuse
static_assert(sizeof(EchoAllocator::Block) <= kHeader, "header too large");

const char *const kNames[ECHO_MEM_NUM_CATEGORIES] = {
    "weights",   "weight_gradients", "optimizer_state", "inputs",
    "stashed",   "encoded",          "immediate",       "gradient_maps",
    "workspace", "host",             "arena"};

/// The bytes a block of `bytes` takes with its header, aligned.
size_t totalOf(int64_t bytes) {
  return (kHeader + (size_t)bytes + kHeader - 1) / kHeader * kHeader;
}

EchoAllocator::Block *headerOf(void *ptr) {
  return reinterpret_cast<EchoAllocator::Block *>(static_cast<char *>(ptr) -
                                                  kHeader);
}

} // namespace

bool EchoAllocator::fits(int64_t bytes) const {
  return bytes >= 0 && (capacity == 0 || current + bytes <= capacity);
}

void EchoAllocator::count(int64_t bytes, int64_t category) {
  current += bytes;
  currentOf[category] += bytes;
  maxOf[category] = std::max(maxOf[category], currentOf[category]);
  ++allocations;
  if (current > peak) {
    peak = current;
    std::copy(std::begin(currentOf), std::end(currentOf), atPeakOf);
  }
}

void EchoAllocator::uncount(int64_t bytes, int64_t category) {
  current -= bytes;
  currentOf[category] -= bytes;
}

void *EchoAllocator::allocate(int64_t bytes, int64_t category,
                              const std::string &what, std::string &error) {
  if (category < 0 || category >= ECHO_MEM_NUM_CATEGORIES)
    category = ECHO_MEM_WORKSPACE;
  auto refuse = [&](const char *why) -> void * {
    error = "out of memory: cannot allocate " + std::to_string(bytes) +
            " bytes for " + what + ": " + std::to_string(current) + " of " +
            std::to_string(capacity) + " bytes in use" + why;
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
  *block = Block{kMagic, bytes, category, nullptr, live};
  if (live)
    live->prev = block;
  live = block;
  count(bytes, category);
  return static_cast<char *>(raw) + kHeader;
}

void *EchoAllocator::allocateStep(int64_t bytes, int64_t site,
                                  std::string &error) {
  echo_rt::AllocSite entry;
  if (site >= 0 && site < (int64_t)sites.size())
    entry = echo_rt::parseAllocSite(sites[site]);
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

bool EchoAllocator::release(void *ptr) {
  if (!ptr)
    return true;
  int64_t bytes, category;
  if (pool.release(ptr, bytes, category)) {
    uncount(bytes, category);
    return true;
  }
  Block *block = headerOf(ptr);
  if (block->magic != kMagic)
    return false;
  uncount(block->bytes, block->category);
  (block->prev ? block->prev->next : live) = block->next;
  if (block->next)
    block->next->prev = block->prev;
  size_t total = totalOf(block->bytes);
  liveBytes -= total;
  if (cachedBytes + total <= highWater) {
    block->magic = kCachedMagic;
    cache.emplace(total, block);
    cachedBytes += total;
  } else {
    block->magic = 0;
    std::free(block);
  }
  return true;
}

void EchoAllocator::releaseAll() {
  while (live)
    release(reinterpret_cast<char *>(live) + kHeader);
}

void EchoAllocator::trimCache() {
  for (auto &[total, block] : cache) {
    block->magic = 0;
    std::free(block);
  }
  cache.clear();
  cachedBytes = 0;
}

EchoAllocator::~EchoAllocator() {
  releaseAll();
  trimCache();
}

void EchoAllocator::reset(int64_t newCapacity,
                          std::vector<std::string> newSites) {
  // Blocks stay valid: the host may configure between steps while holding
  // its parameters. Counting restarts from what is live now.
  capacity = newCapacity;
  sites = std::move(newSites);
  peak = current;
  allocations = 0;
  csrOverflows = 0;
  std::copy(std::begin(currentOf), std::end(currentOf), atPeakOf);
  std::copy(std::begin(currentOf), std::end(currentOf), maxOf);
}

extern "C" {

const char *echo_mem_category_name(int64_t category) {
  return category >= 0 && category < ECHO_MEM_NUM_CATEGORIES ? kNames[category]
                                                             : nullptr;
}

int64_t echo_mem_category_of(const char *name) {
  for (int64_t i = 0; name && i < ECHO_MEM_NUM_CATEGORIES; ++i)
    if (std::strcmp(name, kNames[i]) == 0)
      return i;
  return -1;
}

echo_status echo_mem_configure(echo_context *ctx, int64_t capacity,
                               const char *const *sites, int64_t num_sites) {
  if (!ctx || capacity < 0 || num_sites < 0 || (num_sites && !sites))
    return ECHO_ERR_INVALID_ARGUMENT;
  std::vector<std::string> table;
  for (int64_t i = 0; i < num_sites; ++i)
    table.emplace_back(sites[i] ? sites[i] : "");
  ctx->memory.reset(capacity, std::move(table));
  return ECHO_OK;
}

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
  std::string error;
  *out = ctx->memory.allocate((int64_t)bytes, category,
                              what ? what : "a host buffer", error);
  if (*out)
    return ECHO_OK;
  return ctx->setError(ECHO_ERR_OUT_OF_MEMORY, "echo_mem_alloc: " + error);
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

int64_t echo_mem_current_bytes(const echo_context *ctx) {
  return ctx ? ctx->memory.current : 0;
}
int64_t echo_mem_peak_bytes(const echo_context *ctx) {
  return ctx ? ctx->memory.peak : 0;
}
int64_t echo_mem_peak_bytes_of(const echo_context *ctx, int64_t category) {
  return ctx && echo_mem_category_name(category)
             ? ctx->memory.atPeakOf[category]
             : 0;
}
int64_t echo_mem_max_bytes_of(const echo_context *ctx, int64_t category) {
  return ctx && echo_mem_category_name(category) ? ctx->memory.maxOf[category]
                                                 : 0;
}
int64_t echo_mem_num_allocations(const echo_context *ctx) {
  return ctx ? ctx->memory.allocations : 0;
}
int64_t echo_mem_csr_overflows(const echo_context *ctx) {
  return ctx ? ctx->memory.csrOverflows : 0;
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

void echo_free(echo_context *ctx, void *ptr) { echo_mem_free(ctx, ptr); }

} // extern "C"
