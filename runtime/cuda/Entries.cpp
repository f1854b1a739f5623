//===- Entries.cpp - The exported entries of the CUDA backend -------------===//
//
// Generated from echo/abi.def exactly as the CPU backend's: one wrapper per
// ECHO_ENTRY that returns the sticky error, or the context's no-device
// error, without doing anything; makes the context's device current; runs
// echo_cuda::entry::<name>; and turns what it throws into the status. Also
// the step functions and the context's error accessors.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "MathMode.h"

#include <new>
#include <string>

using namespace echo_cuda;

namespace {
template <typename Fn>
echo_status guarded(echo_context *ctx, const char *entry, Fn &&body) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  if (!ctx->usable)
    return ctx->setError(ECHO_ERR_NO_DEVICE,
                         std::string(entry) + ": " + ctx->whyUnusable);
  try {
    activate(entry, *ctx);
    body();
    return ECHO_OK;
  } catch (const Error &e) {
    ctx->setError(e.status, e.message);
  } catch (const std::bad_alloc &) {
    ctx->setError(ECHO_ERR_OUT_OF_MEMORY,
                  std::string(entry) + ": host memory exhausted");
  } catch (...) {
    ctx->setError(ECHO_ERR_INTERNAL,
                  std::string(entry) + ": unexpected exception");
  }
  // The step's later entries do nothing, echo_offload_wait included: end
  // the copies now, before the step frees the buffers they read or fill.
  finishCopies(*ctx);
  return ctx->status;
}

#define ECHO_AWAIT(n, bytes) awaitCopies(entryName, *ctx, n##_rank, n##_desc, bytes);
#define ECHO_AWAIT_F32(n) ECHO_AWAIT(n, 4)
#define ECHO_AWAIT_MASK(n) ECHO_AWAIT(n, 1)
#define ECHO_AWAIT_IDX32(n) ECHO_AWAIT(n, 4)
#define ECHO_AWAIT_IDX64(n) ECHO_AWAIT(n, 8)
#define ECHO_AWAIT_BYTES(n) ECHO_AWAIT(n, 1)
#define ECHO_AWAIT_ANY(n) ECHO_AWAIT(n, 8)
#define ECHO_AWAIT_HOST_I64(n)
#define ECHO_AWAIT_HOST_ANY(n)
#define ECHO_AWAIT_INT(n)
#define ECHO_AWAIT_REAL(n)
#define ECHO_PARAM_ITEM(kind, n) ECHO_AWAIT_##kind(n)
} // namespace

extern "C" {

#define ECHO_ENTRY(name, params, aliases)                                      \
  echo_status name(echo_context *ctx ECHO_PARAMS(params)) {                     \
    return guarded(ctx, #name, [&] {                                           \
      [[maybe_unused]] const char *entryName = #name;                          \
      ECHO_FOR_EACH_PARAM(params)                                              \
      entry::name(*ctx ECHO_ARGS(params));                                     \
    });                                                                        \
  }
#include "echo/abi.def"

echo_status echo_step_begin(echo_context *ctx, int64_t abi_version) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  ctx->clearError();
  ctx->math = ECHO_MATH_IEEE; // each step states its own numerics
  if (abi_version != ECHO_ABI_VERSION)
    return ctx->setError(
        ECHO_ERR_ABI_MISMATCH,
        "echo_step_begin: the step was compiled for runtime ABI version " +
            std::to_string(abi_version) + ", this backend implements version " +
            std::to_string(ECHO_ABI_VERSION));
  if (!ctx->usable)
    return ctx->setError(ECHO_ERR_NO_DEVICE,
                         "echo_step_begin: " + ctx->whyUnusable);
  setActiveStep(ctx);
  return ECHO_OK;
}

// Needs no device: it only records the mode, which cublas() and the
// convolutions read.
echo_status echo_step_set_math(echo_context *ctx, int64_t mode) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  std::string error = echo_rt::checkMathMode(mode);
  if (!error.empty())
    return ctx->setError(ECHO_ERR_INVALID_ARGUMENT, error);
  ctx->math = mode;
  return ECHO_OK;
}

echo_status echo_step_end(echo_context *ctx) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (activeStep() == ctx)
    setActiveStep(nullptr);
  // Kernels run asynchronously: a fault inside one surfaces here at the
  // latest, as the step's status.
  return guarded(ctx, "echo_step_end", [&] {
    synchronize("echo_step_end", *ctx);
    finishCopies(*ctx); // a step leaves no copy behind
  });
}

void echo_error_location(echo_context *ctx, const char *location) {
  if (!ctx || !location || ctx->status == ECHO_OK || ctx->locatedError)
    return;
  ctx->error += std::string(" (at ") + location + ")";
  ctx->locatedError = true;
}

int64_t echo_abi_version(void) { return ECHO_ABI_VERSION; }
const char *echo_backend_name(void) { return "cuda"; }

echo_status echo_context_status(const echo_context *ctx) {
  return ctx ? ctx->status : ECHO_ERR_INVALID_ARGUMENT;
}

const char *echo_context_error(const echo_context *ctx) {
  return ctx ? ctx->error.c_str() : "no context";
}

void echo_context_clear_error(echo_context *ctx) {
  if (ctx)
    ctx->clearError();
}

} // extern "C"
