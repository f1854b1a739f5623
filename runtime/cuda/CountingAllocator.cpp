//===- CountingAllocator.cpp - Device memory accounting (CUDA) ------------===//
//
// The context's allocator and the host functions over it, with the CPU
// backend's counting semantics (runtime/cpu/CountingAllocator.cpp): counted
// bytes are the requested bytes, by category, with the peak and the
// per-category split at the peak. Each block is its own cudaMalloc (256-byte
// aligned, as the arena planner assumes), tracked in a map so a free needs
// no header in device memory and a destroyed context frees what is left.
// A one-allocation arena would need its size before the first allocation,
// which the ABI does not give (capacity 0 means unlimited). A freed planned
// arena is kept (uncounted) for the next step's arena of the same size:
// cudaMalloc and cudaFree cost tens of microseconds and cudaFree waits for
// the device, once per step otherwise.
//
//===----------------------------------------------------------------------===//

#include "AllocSite.h"
#include "Context.h"

#include <algorithm>
#include <cstring>

using namespace echo_cuda;

void *EchoDeviceAllocator::allocate(int64_t bytes, int64_t category,
                                    const std::string &what,
                                    std::string &error) {
  category = echo_rt::validCategory(category);
  auto refuse = [&](const std::string &why) -> void * {
    error = refusal(bytes, what, why);
    return nullptr;
  };
  if (!fits(bytes))
    return refuse("");
  // A zero-byte buffer still gets a distinct address, as on the CPU.
  size_t size = bytes > 0 ? (size_t)bytes : size_t(256);
  void *ptr = nullptr;
  if (auto it = idle.find(size); it != idle.end() && keepsIdle(category)) {
    ptr = it->second;
    idle.erase(it);
  } else {
    cudaError_t e = cudaMalloc(&ptr, size);
    if (e != cudaSuccess && !idle.empty()) {
      cudaGetLastError();
      releaseIdle();
      e = cudaMalloc(&ptr, size);
    }
    if (e != cudaSuccess) {
      cudaGetLastError();
      return refuse(" (cudaMalloc failed: " + describe(e) + ")");
    }
  }
  live[ptr] = Block{bytes, category};
  count(bytes, category);
  if (recording)
    recording->counts.push_back({bytes, category});
  return ptr;
}

bool EchoDeviceAllocator::release(void *ptr, std::string *error) {
  if (!ptr)
    return true;
  auto it = live.find(ptr);
  if (it == live.end())
    return false;
  Block block = it->second;
  uncount(block.bytes, block.category);
  live.erase(it);
  if (recording) {
    // The recorded kernels name this block: it stays the graph's.
    recording->counts.push_back({-block.bytes, block.category});
    recording->blocks.push_back(ptr);
    return true;
  }
  if (keepsIdle(block.category)) {
    // Stream order makes the reuse safe: the next step's kernels run after
    // this one's on the same stream.
    idle.emplace(block.bytes > 0 ? (size_t)block.bytes : size_t(256), ptr);
    return true;
  }
  cudaError_t e = cudaFree(ptr);
  if (e != cudaSuccess) {
    cudaGetLastError();
    if (error)
      *error = "cudaFree failed: " + describe(e);
  }
  return true;
}

void EchoDeviceAllocator::releaseIdle() {
  for (auto &[size, ptr] : idle)
    cudaFree(ptr);
  idle.clear();
  cudaGetLastError();
}

void EchoDeviceAllocator::releaseAll() {
  while (!live.empty())
    release(live.begin()->first);
  releaseIdle();
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

#include "MemoryQueries.inc"

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
  return echo_rt::allocateForHost(*ctx, bytes, category, what, out);
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

void *echo_alloc(echo_context *ctx, int64_t bytes, int64_t site) {
  if (!ctx || ctx->status != ECHO_OK)
    return nullptr;
  if (unusable(ctx, "echo_alloc"))
    return nullptr;
  cudaSetDevice(ctx->device);
  EchoDeviceAllocator &m = ctx->memory;
  echo_rt::AllocSite entry = m.site(site);
  std::string error;
  void *ptr = m.allocate(bytes, entry.category, entry.what, error);
  if (!ptr) {
    ctx->setError(ECHO_ERR_OUT_OF_MEMORY, "echo_alloc: " + error);
    ctx->locatedError = true;
  }
  return ptr;
}

} // extern "C"
