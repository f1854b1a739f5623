//===- Mgpu.cpp - The mgpu* functions of the GPU-dialect lowering ---------===//
//
// Declared, with their error convention, in echo/cuda_mgpu.h. Everything
// goes through the CUDA runtime API; the library never links libcuda.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "EntryTimes.h"
#include "Kernels.h"

#include <chrono>

#include <string>

#pragma GCC visibility push(default)
#include "echo/cuda_mgpu.h"
#pragma GCC visibility pop

using namespace echo_cuda;

namespace {
// The first failure of this thread (echo/cuda_mgpu.h).
thread_local std::string mgpuError;

/// Records `message` as this thread's mgpu error and, inside a step, as
/// the step's context error, so the step's status reports it.
void record(const std::string &message) {
  if (mgpuError.empty())
    mgpuError = message;
  if (Context *ctx = activeStep())
    ctx->setError(ECHO_ERR_INTERNAL, message);
}

/// Records a failed status; true when `e` is a success.
bool ok(cudaError_t e, const char *function, const char *call) {
  if (e == cudaSuccess)
    return true;
  cudaGetLastError();
  record(std::string(function) + ": " + call + " failed: " + describe(e));
  return false;
}

/// The stream of the step running on this thread, or nullptr: generated
/// kernels run there, ordered with the entries (cuBLAS, cuDNN, hand-written
/// kernels) on one stream.
cudaStream_t stepStream() {
  Context *ctx = activeStep();
  return ctx ? ctx->stream : nullptr;
}

// The kernel's dynamic shared memory beyond this needs an opt-in.
constexpr int32_t kDefaultSharedMemory = 48 * 1024;
} // namespace

extern "C" {

const char *echo_cuda_mgpu_error(void) { return mgpuError.c_str(); }
void echo_cuda_mgpu_clear_error(void) { mgpuError.clear(); }

void *mgpuModuleLoad(void *data, size_t) {
  cudaLibrary_t library = nullptr;
  if (!ok(cudaLibraryLoadData(&library, data, nullptr, nullptr, 0, nullptr,
                              nullptr, 0),
          "mgpuModuleLoad", "cudaLibraryLoadData"))
    return nullptr;
  return library;
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  cudaLibrary_t library = nullptr;
  cudaJitOption options[] = {cudaJitOptimizationLevel};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  if (!ok(cudaLibraryLoadData(&library, data, options, values, 1, nullptr,
                              nullptr, 0),
          "mgpuModuleLoadJIT", "cudaLibraryLoadData (PTX)"))
    return nullptr;
  return library;
}

void mgpuModuleUnload(void *module) {
  if (module)
    ok(cudaLibraryUnload(static_cast<cudaLibrary_t>(module)),
       "mgpuModuleUnload", "cudaLibraryUnload");
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  cudaKernel_t kernel = nullptr;
  if (!module) {
    record(std::string("mgpuModuleGetFunction: no module for ") +
           (name ? name : "a kernel") + " (its load failed)");
    return nullptr;
  }
  if (!ok(cudaLibraryGetKernel(&kernel, static_cast<cudaLibrary_t>(module),
                               name),
          "mgpuModuleGetFunction", "cudaLibraryGetKernel"))
    return nullptr;
  return kernel;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t) {
  const char *F = "mgpuLaunchKernel";
  // Like an entry, a launch inside a failed step does nothing: its
  // buffers may not exist (errors are sticky, runtime.md).
  if (Context *ctx = activeStep(); ctx && ctx->status != ECHO_OK)
    return;
  if (!function || extra) {
    record(std::string(F) + (function ? ": packed (extra) kernel "
                                        "arguments are not supported"
                                      : ": no kernel (its lookup failed)"));
    return;
  }
  auto kernel = static_cast<cudaKernel_t>(function);
  if (smem > kDefaultSharedMemory) {
    int device = 0;
    if (!ok(cudaGetDevice(&device), F, "cudaGetDevice") ||
        !ok(cudaKernelSetAttributeForDevice(
                kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem,
                device),
            F, "cudaKernelSetAttributeForDevice"))
      return;
  }
  dim3 grid((unsigned)gridX, (unsigned)gridY, (unsigned)gridZ);
  dim3 block((unsigned)blockX, (unsigned)blockY, (unsigned)blockZ);
  Context *ctx = activeStep();
  EntryTimes *times = ctx ? ctx->entryTimes : nullptr;
  auto hostStart = std::chrono::steady_clock::now();
  size_t slot = times ? times->begin("generated kernels", ctx->stream) : 0;
  // A cudaKernel_t is accepted as the function of cudaLaunchKernel.
  ok(cudaLaunchKernel(reinterpret_cast<const void *>(kernel), grid, block,
                      params, (size_t)smem, static_cast<cudaStream_t>(stream)),
     F, "cudaLaunchKernel");
  if (times)
    times->end(slot, ctx->stream, hostStart);
}

// gpu-to-llvm's synchronous launches are mgpuStreamCreate, the launch,
// mgpuStreamSynchronize and mgpuStreamDestroy. Inside a step they use the
// step's stream: the kernel runs in order with the entries, waits (on the
// device) for pending offload/prefetch copies, and the host does not wait
// for it (echo_step_end does, as for every entry); the stream is the
// context's, so it is not destroyed.
void *mgpuStreamCreate(void) {
  if (Context *ctx = activeStep()) {
    if (ok(cudaSetDevice(ctx->device), "mgpuStreamCreate", "cudaSetDevice"))
      ok(awaitAllCopies(*ctx), "mgpuStreamCreate",
         "cudaStreamWaitEvent (pending copies)");
    return ctx->stream;
  }
  cudaStream_t stream = nullptr;
  if (!ok(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
          "mgpuStreamCreate", "cudaStreamCreateWithFlags"))
    return nullptr;
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  if (stream && stream == stepStream())
    return;
  ok(cudaStreamDestroy(static_cast<cudaStream_t>(stream)), "mgpuStreamDestroy",
     "cudaStreamDestroy");
}

void mgpuStreamSynchronize(void *stream) {
  if (stream && stream == stepStream())
    return;
  ok(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)),
     "mgpuStreamSynchronize", "cudaStreamSynchronize");
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  ok(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream),
                         static_cast<cudaEvent_t>(event), 0),
     "mgpuStreamWaitEvent", "cudaStreamWaitEvent");
}

void *mgpuEventCreate(void) {
  cudaEvent_t event = nullptr;
  if (!ok(cudaEventCreateWithFlags(&event, cudaEventDisableTiming),
          "mgpuEventCreate", "cudaEventCreateWithFlags"))
    return nullptr;
  return event;
}

void mgpuEventDestroy(void *event) {
  ok(cudaEventDestroy(static_cast<cudaEvent_t>(event)), "mgpuEventDestroy",
     "cudaEventDestroy");
}

void mgpuEventSynchronize(void *event) {
  ok(cudaEventSynchronize(static_cast<cudaEvent_t>(event)),
     "mgpuEventSynchronize", "cudaEventSynchronize");
}

void mgpuEventRecord(void *event, void *stream) {
  ok(cudaEventRecord(static_cast<cudaEvent_t>(event),
                     static_cast<cudaStream_t>(stream)),
     "mgpuEventRecord", "cudaEventRecord");
}

void *mgpuMemAlloc(uint64_t sizeBytes, void *, bool isHostShared) {
  void *ptr = nullptr;
  if (sizeBytes == 0)
    return nullptr;
  if (isHostShared) {
    if (!ok(cudaMallocManaged(&ptr, sizeBytes), "mgpuMemAlloc",
            "cudaMallocManaged"))
      return nullptr;
    return ptr;
  }
  if (!ok(cudaMalloc(&ptr, sizeBytes), "mgpuMemAlloc", "cudaMalloc"))
    return nullptr;
  return ptr;
}

void mgpuMemFree(void *ptr, void *) {
  if (ptr)
    ok(cudaFree(ptr), "mgpuMemFree", "cudaFree");
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  ok(cudaMemcpyAsync(dst, src, sizeBytes, cudaMemcpyDefault,
                     static_cast<cudaStream_t>(stream)),
     "mgpuMemcpy", "cudaMemcpyAsync");
}

void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream) {
  // The runtime API has no 32-bit memset: a kernel (Layers.cu).
  ok(memset32(dst, value, count, static_cast<cudaStream_t>(stream)),
     "mgpuMemset32", "the fill kernel");
}

} // extern "C"
