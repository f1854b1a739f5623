//===- DeferredChecks.cpp - Data checks reported at echo_step_end ---------===//

#include "DeferredChecks.h"

#include "Context.h"

using namespace echo_cuda;

namespace {
/// Copies the first `count` slots to the host, after the stream.
std::vector<CheckSlot> readSlots(const char *entry, Context &ctx,
                                 const CheckSlot *slots, size_t count) {
  std::vector<CheckSlot> host(count);
  readBack(entry, ctx, host.data(), slots, count * sizeof(CheckSlot));
  return host;
}

/// Calls `report`, appending " (at location)" to the error it throws.
[[noreturn]] void reportAt(const PendingCheck &check, const CheckSlot &slot) {
  try {
    check.report((int64_t)slot.position, (int64_t)slot.value);
  } catch (Error &error) {
    if (!check.location.empty())
      error.message += " (at " + check.location + ")";
    throw;
  }
  // A report that does not throw is a bug of the entry, not of the data.
  fail("echo_step_end", "a failed data check was not reported");
}
} // namespace

CheckSlot *echo_cuda::beginCheck(Context &ctx, const char *entry) {
  DeferredChecks &checks = ctx.checks;
  bool deferred = activeStep() == &ctx && echo_rt::mayDeferCheck(entry) &&
                  (int64_t)checks.pending.size() < kStepCheckSlots;
  CheckSlot *slot = checks.slots + (deferred ? (int64_t)checks.pending.size()
                                             : kStepCheckSlots);
  check(entry, cudaMemsetAsync(slot, 0xff, sizeof(CheckSlot), ctx.stream),
        "cudaMemsetAsync (check slot)");
  return slot;
}

void echo_cuda::endCheck(Context &ctx, CheckSlot *slot, const char *entry,
                         CheckReport report) {
  if (slot != ctx.checks.slots + kStepCheckSlots) {
    ctx.checks.pending.push_back(
        {ctx.checkLocation ? ctx.checkLocation : "", std::move(report)});
    return;
  }
  CheckSlot result = readSlots(entry, ctx, slot, 1)[0];
  if (result.position != kNoFailure)
    reportAt({"", std::move(report)}, result);
}

void echo_cuda::beginStepChecks(Context &ctx) { ctx.checks.pending.clear(); }

namespace {
/// The step's pending checks (taken from the context) and their slots.
struct StepChecks {
  std::vector<PendingCheck> pending;
  std::vector<CheckSlot> slots;
};
StepChecks takeStepChecks(Context &ctx) {
  StepChecks step;
  step.pending = std::move(ctx.checks.pending);
  ctx.checks.pending.clear();
  if (!step.pending.empty())
    step.slots =
        readSlots("echo_step_end", ctx, ctx.checks.slots, step.pending.size());
  return step;
}
void reportFirstFailure(const StepChecks &step) {
  for (size_t i = 0; i < step.pending.size(); ++i)
    if (step.slots[i].position != kNoFailure)
      reportAt(step.pending[i], step.slots[i]);
}
} // namespace

void echo_cuda::reportStepChecks(Context &ctx) {
  reportFirstFailure(takeStepChecks(ctx));
}

void echo_cuda::preferEarlierCheckFailure(Context &ctx) {
  if (ctx.checks.pending.empty())
    return;
  StepChecks step;
  try {
    step = takeStepChecks(ctx);
  } catch (...) {
    return; // the device cannot be read: keep the error the step has
  }
  try {
    reportFirstFailure(step);
  } catch (const Error &error) {
    ctx.clearError();
    ctx.setError(error.status, error.message);
    // The failing entry's location is not this check's.
    ctx.locatedError = true;
  }
}
