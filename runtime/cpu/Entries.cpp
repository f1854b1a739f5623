//===- Entries.cpp - The exported entries of the CPU backend
//---------------===//
//
// One wrapper per ECHO_ENTRY of echo/abi.def (common/EntryWrappers.inc),
// run by guarded(): it does nothing once the context holds an error (errors
// are sticky within a step), runs the implementation
// (echo_rt::entry::<name>) and turns what it throws into the returned
// status. Also the step functions (echo_step_begin/end, echo_error_location)
// and the context's host functions.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "CopyStream.h"
#include "MathMode.h"
#include "TensorView.h"

#include <new>
#include <string>

using namespace echo_rt;

namespace {
template <typename Fn>
echo_status guarded(echo_context *ctx, const char *entry, Fn &&body) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  if (runCatching(*ctx, entry, body))
    return ECHO_OK;
  // The step's later entries do nothing, echo_offload_wait included: end
  // the copies now, before the step frees the buffers they read or fill.
  if (ctx->copyStream)
    ctx->copyStream->waitAll();
  return ctx->status;
}

/// Before an entry runs: a pending copy of the copy stream owns its device
/// bytes until it ends, so wait for those overlapping one of the entry's
/// tensors (elements of `elementBytes`, or at most that for ANY).
void awaitCopies(echo_context &ctx, const Operand &t, size_t elementBytes) {
  if (!ctx.copyStream || ctx.copyStream->idle())
    return;
  TensorView v = t.view(elementBytes);
  ctx.copyStream->waitOverlapping(v.data, size_t(v.numel) * elementBytes);
}
} // namespace

extern "C" {

#include "EntryWrappers.inc"

echo_status echo_step_begin(echo_context *ctx, int64_t abi_version) {
  return beginStep(ctx, abi_version, [&] { ctx->memory.pool.beginStep(); });
}

// Every mode computes IEEE FP32 here: the CPU kernels have no faster,
// less precise variant, and they are deterministic either way.
echo_status echo_step_set_math(echo_context *ctx, int64_t mode) {
  return echo_rt::checkStepMath(ctx, mode);
}

echo_status echo_step_end(echo_context *ctx) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->copyStream) // a step leaves no copy behind
    ctx->copyStream->waitAll();
  ctx->memory.pool.endStep();
  return ctx->status;
}

#include "ErrorQueries.inc"

const char *echo_backend_name(void) { return "cpu"; }

echo_status echo_context_create(echo_context **out) {
  if (!out)
    return ECHO_ERR_INVALID_ARGUMENT;
  *out = new (std::nothrow) echo_context();
  return *out ? ECHO_OK : ECHO_ERR_OUT_OF_MEMORY;
}

void echo_context_destroy(echo_context *ctx) { delete ctx; }

} // extern "C"
