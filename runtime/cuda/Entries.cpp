//===- Entries.cpp - The exported entries of the CUDA backend -------------===//
//
// The CPU backend's wrappers (common/EntryWrappers.inc), run by this
// guarded(): it returns the sticky error, or the context's no-device error,
// without doing anything; makes the context's device current; runs
// echo_cuda::entry::<name>; and turns what it throws into the status. Also
// the step functions and the context's error accessors.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "EntryTimes.h"
#include "MathMode.h"

#include <chrono>
#include <new>
#include <string>

using namespace echo_cuda;

namespace {
/// Runs an entry's body with the context's checks; `timed`: a call the
/// entry profile counts (EntryTimes.h).
template <typename Fn>
echo_status guarded(echo_context *ctx, const char *entry, Fn &&body,
                    bool timed = true) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  if (!ctx->usable)
    return ctx->setError(ECHO_ERR_NO_DEVICE,
                         std::string(entry) + ": " + ctx->whyUnusable);
  EntryTimes *times = timed ? ctx->entryTimes : nullptr;
  auto hostStart = std::chrono::steady_clock::now();
  size_t slot = times ? times->begin(entry, ctx->stream) : 0;
  bool ran = echo_rt::runCatching(*ctx, entry, [&] {
    activate(entry, *ctx);
    body();
  });
  if (times)
    times->end(slot, ctx->stream, hostStart);
  if (ran)
    return ECHO_OK;
  // The step's later entries do nothing, echo_offload_wait included: end
  // the copies now, before the step frees the buffers they read or fill.
  if (!ctx->recording) { // a recorded step waits for nothing
    finishCopies(*ctx);
    preferEarlierCheckFailure(*ctx);
  }
  return ctx->status;
}
} // namespace

extern "C" {

#include "EntryWrappers.inc"

echo_status echo_step_begin(echo_context *ctx, int64_t abi_version) {
  // Each step states its own numerics.
  echo_status status =
      echo_rt::beginStep(ctx, abi_version, [&] { ctx->math = ECHO_MATH_IEEE; });
  if (status != ECHO_OK)
    return status;
  if (!ctx->usable)
    return ctx->setError(ECHO_ERR_NO_DEVICE,
                         "echo_step_begin: " + ctx->whyUnusable);
  beginStepChecks(*ctx);
  setActiveStep(ctx);
  return ECHO_OK;
}

// Needs no device: it only records the mode, which cublas() and the
// convolutions read.
echo_status echo_step_set_math(echo_context *ctx, int64_t mode) {
  echo_status status = echo_rt::checkStepMath(ctx, mode);
  if (status == ECHO_OK)
    ctx->math = mode;
  return status;
}

echo_status echo_step_end(echo_context *ctx) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (activeStep() == ctx)
    setActiveStep(nullptr);
  // Kernels run asynchronously: a fault inside one surfaces here at the
  // latest, as the step's status, and so does a failed data check
  // (DeferredChecks.h).
  // Not timed itself: it reads the step's entry times once the stream is
  // idle.
  return guarded(
      ctx, "echo_step_end",
      [&] {
        if (ctx->recording) {
          // echo_graph_replay waits and reads the checks instead.
          endRecordedStep(*ctx);
          return;
        }
        synchronize("echo_step_end", *ctx);
        finishCopies(*ctx); // a step leaves no copy behind
        if (ctx->entryTimes)
          ctx->entryTimes->finishStep();
        reportStepChecks(*ctx); // the step's only read-back of its checks
      },
      /*timed=*/false);
}

#include "ErrorQueries.inc"
// Here, not beside echo_profile_density in Layers.cu: included into a file
// nvcc compiles, they lost the ABI header's default visibility.
#include "ProfileQueries.inc"

const char *echo_backend_name(void) { return "cuda"; }

} // extern "C"
