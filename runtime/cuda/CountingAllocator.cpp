//===- CountingAllocator.cpp - Device memory accounting (CUDA) ------------===//
//
// The context's allocator and the host functions over it, with the CPU
// backend's counting semantics (runtime/cpu/CountingAllocator.cpp): counted
// bytes are the requested bytes, by category, with the peak and the
// per-category split at the peak. Each block is its own cudaMalloc (256-byte
// aligned, as the arena planner assumes), tracked in a map so a free needs
// no header in device memory and a destroyed context frees what is left.
// A one-allocation arena would need its size before the first allocation,
// which the ABI does not give (capacity 0 means unlimited).
//
//===----------------------------------------------------------------------===//

#include "AllocSite.h"
#include "Context.h"

#include <algorithm>
#include <cstring>

using namespace echo_cuda;

namespace {
const char *const kNames[ECHO_MEM_NUM_CATEGORIES] = {
    "weights",   "weight_gradients", "optimizer_state", "inputs",
    "stashed",   "encoded",          "immediate",       "gradient_maps",
    "workspace", "host",             "arena"};
} // namespace

void *EchoDeviceAllocator::allocate(int64_t bytes, int64_t category,
                                    const std::string &what,
                                    std::string &error) {
  if (category < 0 || category >= ECHO_MEM_NUM_CATEGORIES)
    category = ECHO_MEM_WORKSPACE;
  auto refuse = [&](const std::string &why) -> void * {
    error = "out of memory: cannot allocate " + std::to_string(bytes) +
            " bytes for " + what + ": " + std::to_string(current) + " of " +
            std::to_string(capacity) + " bytes in use" + why;
    return nullptr;
  };
  if (bytes < 0 || (capacity > 0 && current + bytes > capacity))
    return refuse("");
  // A zero-byte buffer still gets a distinct address, as on the CPU.
  void *ptr = nullptr;
  cudaError_t e = cudaMalloc(&ptr, bytes > 0 ? (size_t)bytes : size_t(256));
  if (e != cudaSuccess) {
    cudaGetLastError();
    return refuse(" (cudaMalloc failed: " + describe(e) + ")");
  }
  live[ptr] = Block{bytes, category};
  current += bytes;
  currentOf[category] += bytes;
  maxOf[category] = std::max(maxOf[category], currentOf[category]);
  ++allocations;
  if (current > peak) {
    peak = current;
    std::copy(std::begin(currentOf), std::end(currentOf), atPeakOf);
  }
  return ptr;
}

bool EchoDeviceAllocator::release(void *ptr, std::string *error) {
  if (!ptr)
    return true;
  auto it = live.find(ptr);
  if (it == live.end())
    return false;
  current -= it->second.bytes;
  currentOf[it->second.category] -= it->second.bytes;
  live.erase(it);
  cudaError_t e = cudaFree(ptr);
  if (e != cudaSuccess) {
    cudaGetLastError();
    if (error)
      *error = "cudaFree failed: " + describe(e);
  }
  return true;
}

void EchoDeviceAllocator::releaseAll() {
  while (!live.empty())
    release(live.begin()->first);
}

void EchoDeviceAllocator::reset(int64_t newCapacity,
                                std::vector<std::string> newSites) {
  capacity = newCapacity;
  sites = std::move(newSites);
  peak = current;
  allocations = 0;
  csrOverflows = 0;
  std::copy(std::begin(currentOf), std::end(currentOf), atPeakOf);
  std::copy(std::begin(currentOf), std::end(currentOf), maxOf);
}

namespace {
/// The no-device error of an unusable context, recorded for `entry`.
bool unusable(echo_context *ctx, const char *entry) {
  if (ctx->usable)
    return false;
  ctx->setError(ECHO_ERR_NO_DEVICE, std::string(entry) + ": " +
                                        ctx->whyUnusable);
  return true;
}

echo_status copy(echo_context *ctx, const char *entry, void *dst,
                 const void *src, size_t bytes, cudaMemcpyKind kind) {
  if (!ctx || (bytes && (!dst || !src)))
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  if (unusable(ctx, entry))
    return ctx->status;
  if (!bytes)
    return ECHO_OK;
  try {
    activate(entry, *ctx);
    check(entry, cudaMemcpyAsync(dst, src, bytes, kind, ctx->stream),
          "cudaMemcpyAsync");
    synchronize(entry, *ctx);
  } catch (const Error &e) {
    return ctx->setError(e.status, e.message);
  }
  return ECHO_OK;
}
} // namespace

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

// The dynamic pool is the CPU backend's (docs/dymem.md, GTBM); here every
// step buffer is its own cudaMalloc block.
echo_status echo_mem_use_pool(echo_context *ctx, int64_t policy,
                              const char *) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (policy == ECHO_POOL_NONE)
    return ECHO_OK;
  return ctx->setError(ECHO_ERR_INVALID_ARGUMENT,
                       "echo_mem_use_pool: the cuda backend has no dynamic "
                       "pool (policy " + std::to_string(policy) + ")");
}

echo_status echo_mem_alloc(echo_context *ctx, size_t bytes, int64_t category,
                           const char *what, void **out) {
  if (!ctx || !out)
    return ECHO_ERR_INVALID_ARGUMENT;
  *out = nullptr;
  if (unusable(ctx, "echo_mem_alloc"))
    return ECHO_ERR_NO_DEVICE;
  if (cudaSetDevice(ctx->device) != cudaSuccess) {
    cudaGetLastError();
    return ctx->setError(ECHO_ERR_INTERNAL,
                         "echo_mem_alloc: cudaSetDevice failed");
  }
  std::string error;
  *out = ctx->memory.allocate((int64_t)bytes, category,
                              what ? what : "a host buffer", error);
  if (*out)
    return ECHO_OK;
  return ctx->setError(ECHO_ERR_OUT_OF_MEMORY, "echo_mem_alloc: " + error);
}

void echo_mem_free(echo_context *ctx, void *ptr) {
  if (!ctx)
    return;
  if (ctx->usable)
    cudaSetDevice(ctx->device);
  std::string error;
  if (!ctx->memory.release(ptr, &error))
    ctx->setError(ECHO_ERR_INVALID_ARGUMENT,
                  "echo_mem_free: a pointer this context did not allocate");
  else if (!error.empty())
    ctx->setError(ECHO_ERR_INTERNAL, "echo_mem_free: " + error);
}

echo_status echo_copy_to_host(echo_context *ctx, void *host_dst,
                              const void *device_src, size_t bytes) {
  return copy(ctx, "echo_copy_to_host", host_dst, device_src, bytes,
              cudaMemcpyDeviceToHost);
}

echo_status echo_copy_to_device(echo_context *ctx, void *device_dst,
                                const void *host_src, size_t bytes) {
  return copy(ctx, "echo_copy_to_device", device_dst, host_src, bytes,
              cudaMemcpyHostToDevice);
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
  if (!ctx || ctx->status != ECHO_OK)
    return nullptr;
  if (unusable(ctx, "echo_alloc"))
    return nullptr;
  cudaSetDevice(ctx->device);
  EchoDeviceAllocator &m = ctx->memory;
  echo_rt::AllocSite entry;
  if (site >= 0 && site < (int64_t)m.sites.size())
    entry = echo_rt::parseAllocSite(m.sites[site]);
  std::string error;
  void *ptr = m.allocate(bytes, entry.category, entry.what, error);
  if (!ptr) {
    ctx->setError(ECHO_ERR_OUT_OF_MEMORY, "echo_alloc: " + error);
    ctx->locatedError = true;
  }
  return ptr;
}

void echo_free(echo_context *ctx, void *ptr) { echo_mem_free(ctx, ptr); }

} // extern "C"
