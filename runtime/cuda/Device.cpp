//===- Device.cpp - Device, stream, handles and status checks -------------===//
//
// The context's lower layers (Context.h): device selection, the stream, the
// lazily created cuBLAS and cuDNN handles, scratch memory and the status
// checks that turn every CUDA, cuBLAS and cuDNN status into a thrown
// Error "<entry>: <call> failed: <status>". Nothing here prints or exits.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "EntryTimes.h"

#include <string>

namespace echo_cuda {

namespace {
// cuBLAS gives bit-reproducible results on one stream only with a fixed
// workspace (cuBLAS documentation, "Results reproducibility"); 32 MiB is
// what it recommends for Hopper.
constexpr size_t kCublasWorkspaceBytes = size_t(32) << 20;

[[noreturn]] void raise(const char *entry, echo_status status,
                        const std::string &message) {
  throw Error{status, std::string(entry) + ": " + message};
}
} // namespace

std::string describe(cudaError_t e) {
  const char *name = cudaGetErrorName(e);
  const char *text = cudaGetErrorString(e);
  return std::to_string(static_cast<int>(e)) + " (" +
         (name ? name : "unknown") + ": " + (text ? text : "") + ")";
}

void check(const char *entry, cudaError_t e, const char *what) {
  if (e == cudaSuccess)
    return;
  // Clears the (non-sticky) error so the context's next call starts clean.
  cudaGetLastError();
  raise(entry,
        e == cudaErrorMemoryAllocation ? ECHO_ERR_OUT_OF_MEMORY
                                       : ECHO_ERR_INTERNAL,
        std::string(what) + " failed: " + describe(e));
}

void check(const char *entry, cublasStatus_t s, const char *what) {
  if (s == CUBLAS_STATUS_SUCCESS)
    return;
  raise(entry,
        s == CUBLAS_STATUS_ALLOC_FAILED ? ECHO_ERR_OUT_OF_MEMORY
                                        : ECHO_ERR_INTERNAL,
        std::string(what) + " failed: " + cublasGetStatusName(s) + " (" +
            cublasGetStatusString(s) + ")");
}

void check(const char *entry, cudnnStatus_t s, const char *what) {
  if (s == CUDNN_STATUS_SUCCESS)
    return;
  raise(entry,
        s == CUDNN_STATUS_ALLOC_FAILED ? ECHO_ERR_OUT_OF_MEMORY
                                       : ECHO_ERR_INTERNAL,
        std::string(what) + " failed: " + cudnnGetErrorString(s));
}

void checkLaunch(const char *entry, const char *kernel) {
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess)
    raise(entry, ECHO_ERR_INTERNAL,
          std::string("launching ") + kernel + " failed: " + describe(e));
}

void activate(const char *entry, Context &ctx) {
  check(entry, cudaSetDevice(ctx.device), "cudaSetDevice");
}

/// CUBLAS_DEFAULT_MATH never uses TF32 for sgemm (the NVIDIA_TF32_OVERRIDE
/// variable can only disable it); CUBLAS_TF32_TENSOR_OP_MATH lets sgemm
/// round its inputs to TF32 for the tensor cores. Split-K partial sums stay
/// f32 in the 16-bit products (no reduction in the output type), so each
/// 16-bit result is rounded once, as abi.def states.
static cublasMath_t cublasMathOf(int64_t mode) {
  int base =
      mode == ECHO_MATH_TF32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH;
  return static_cast<cublasMath_t>(
      base | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION);
}

cublasHandle_t cublas(const char *entry, Context &ctx) {
  if (ctx.cublas) {
    if (ctx.cublasMath != ctx.math) {
      check(entry, cublasSetMathMode(ctx.cublas, cublasMathOf(ctx.math)),
            "cublasSetMathMode");
      ctx.cublasMath = ctx.math;
    }
    return ctx.cublas;
  }
  cublasHandle_t h = nullptr;
  check(entry, cublasCreate(&h), "cublasCreate");
  ctx.cublas = h; // owned from here on, destroyed with the context
  check(entry, cublasSetStream(h, ctx.stream), "cublasSetStream");
  check(entry, cublasSetMathMode(h, cublasMathOf(ctx.math)),
        "cublasSetMathMode");
  ctx.cublasMath = ctx.math;
  check(entry, cudaMalloc(&ctx.cublasWorkspace, kCublasWorkspaceBytes),
        "cudaMalloc (cuBLAS workspace)");
  check(entry, cublasSetWorkspace(h, ctx.cublasWorkspace, kCublasWorkspaceBytes),
        "cublasSetWorkspace");
  return h;
}

cudnnHandle_t cudnn(const char *entry, Context &ctx) {
  if (ctx.cudnn)
    return ctx.cudnn;
  cudnnHandle_t h = nullptr;
  check(entry, cudnnCreate(&h), "cudnnCreate");
  ctx.cudnn = h;
  check(entry, cudnnSetStream(h, ctx.stream), "cudnnSetStream");
  return h;
}

void *scratch(const char *entry, Context &ctx, size_t bytes) {
  if (bytes <= ctx.scratchBytes && ctx.scratch)
    return ctx.scratch;
  // Earlier kernels on the stream may still read the old buffer.
  synchronize(entry, ctx);
  if (ctx.scratch)
    check(entry, cudaFree(ctx.scratch), "cudaFree (scratch)");
  ctx.scratch = nullptr;
  ctx.scratchBytes = 0;
  size_t want = bytes < 256 ? 256 : bytes;
  check(entry, cudaMalloc(&ctx.scratch, want), "cudaMalloc (scratch)");
  ctx.scratchBytes = want;
  return ctx.scratch;
}

void synchronize(const char *entry, Context &ctx) {
  refuseWhileRecording(ctx, entry, "waits for the device inside the step");
  check(entry, cudaStreamSynchronize(ctx.stream), "cudaStreamSynchronize");
}

void readBack(const char *entry, Context &ctx, void *host, const void *device,
              size_t bytes) {
  if (!bytes)
    return;
  check(entry,
        cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost,
                        ctx.stream),
        "cudaMemcpyAsync (device to host)");
  synchronize(entry, ctx);
}

void resetFlag(const char *entry, Context &ctx) {
  check(entry,
        cudaMemsetAsync(ctx.flag, 0xff, sizeof(unsigned long long),
                        ctx.stream),
        "cudaMemsetAsync (check flag)");
}

unsigned long long readFlag(const char *entry, Context &ctx) {
  unsigned long long v = kNoFlag;
  readBack(entry, ctx, &v, ctx.flag, sizeof v);
  return v;
}

namespace {
thread_local Context *stepOfThisThread = nullptr;
} // namespace

Context *activeStep() { return stepOfThisThread; }
void setActiveStep(Context *ctx) { stepOfThisThread = ctx; }

} // namespace echo_cuda

using namespace echo_cuda;

extern "C" {

echo_status echo_context_create(echo_context **out) {
  if (!out)
    return ECHO_ERR_INVALID_ARGUMENT;
  *out = new (std::nothrow) echo_context();
  if (!*out)
    return ECHO_ERR_OUT_OF_MEMORY;
  echo_context &ctx = **out;
  const char *E = "echo_context_create";
  // The status, not the count: without a driver the count is left
  // untouched (docs/gpu.md).
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count < 1) {
    cudaGetLastError();
    ctx.whyUnusable =
        e != cudaSuccess
            ? "no CUDA device: cudaGetDeviceCount returned " + describe(e)
            : std::string("no CUDA device: cudaGetDeviceCount found none");
    return ctx.setError(ECHO_ERR_NO_DEVICE, std::string(E) + ": " +
                                                ctx.whyUnusable);
  }
  try {
    check(E, cudaGetDevice(&ctx.device), "cudaGetDevice");
    check(E, cudaSetDevice(ctx.device), "cudaSetDevice");
    check(E, cudaStreamCreateWithFlags(&ctx.stream, cudaStreamNonBlocking),
          "cudaStreamCreateWithFlags");
    void *flag = nullptr;
    check(E, cudaMalloc(&flag, sizeof(unsigned long long)),
          "cudaMalloc (check flag)");
    ctx.flag = static_cast<unsigned long long *>(flag);
    void *slots = nullptr;
    check(E, cudaMalloc(&slots, sizeof(CheckSlot) * (kStepCheckSlots + 1)),
          "cudaMalloc (check slots)");
    ctx.checks.slots = static_cast<CheckSlot *>(slots);
    void *corrections = nullptr;
    check(E, cudaMalloc(&corrections, sizeof(echo_rt::AdamCorrections)),
          "cudaMalloc (Adam corrections)");
    ctx.adamCorrections = static_cast<echo_rt::AdamCorrections *>(corrections);
  } catch (const Error &error) {
    // A device exists but cannot be used (busy, wrong driver, ...).
    ctx.whyUnusable = "no usable CUDA device: " +
                      error.message.substr(std::string(E).size() + 2);
    return ctx.setError(ECHO_ERR_NO_DEVICE,
                        std::string(E) + ": " + ctx.whyUnusable);
  }
  ctx.usable = true;
  return ECHO_OK;
}

void echo_context_destroy(echo_context *ctx) {
  if (!ctx)
    return;
  if (activeStep() == ctx)
    setActiveStep(nullptr);
  if (ctx->usable || ctx->stream) {
    // Nothing to report to: best effort, in reverse order of creation.
    cudaSetDevice(ctx->device);
    if (ctx->stream)
      cudaStreamSynchronize(ctx->stream);
    releaseCopies(*ctx); // its copies may read or fill blocks freed below
    releaseGraphs(*ctx);
    ctx->memory.releaseAll();
    releaseConvPlans(*ctx);
    delete ctx->entryTimes;
    if (ctx->cudnn)
      cudnnDestroy(ctx->cudnn);
    if (ctx->cublas)
      cublasDestroy(ctx->cublas);
    cudaFree(ctx->cublasWorkspace);
    cudaFree(ctx->scratch);
    cudaFree(ctx->flag);
    cudaFree(ctx->checks.slots);
    cudaFree(ctx->adamCorrections);
    if (ctx->stream)
      cudaStreamDestroy(ctx->stream);
    cudaGetLastError();
  }
  delete ctx;
}

} // extern "C"
