//===- DeferredChecks.h - Data checks reported at echo_step_end -*- C++ -*-===//
//
// An entry that checks data in device memory (an index in range, a step
// count, an argmax code) would otherwise wait for its check kernel and read
// the result back: a synchronization inside the step, which stalls the
// host's queue of launches and rules out CUDA graph capture. Inside a step,
// an entry abi.def marks ECHO_DEFERRED_CHECK instead gets a slot of device
// memory its kernels write the first failing position (and the value
// there) into; echo_step_end reads the step's slots once, after its own
// synchronization, and reports the first failure in call order, with the
// location echo_check_location gave for that call. The entry's kernels
// meanwhile treat bad data as harmless (an index outside its range reads
// or adds nothing), so a failed step writes only inside its buffers.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_DEFERREDCHECKS_H
#define ECHO_RUNTIME_CUDA_DEFERREDCHECKS_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct echo_context;

namespace echo_cuda {
using Context = echo_context;

/// One check's result in device memory: the first failing position
/// (lowered with atomicMin; kNoFailure when none) and the value found there.
struct CheckSlot {
  unsigned long long position;
  long long value;
};
constexpr unsigned long long kNoFailure = ~0ull;
/// Slots of one step; a step with more checks runs the rest immediately.
constexpr int64_t kStepCheckSlots = 4096;

/// Turns a failure at `position`, where `value` was found, into the entry's
/// error: it throws (echo_rt::fail and the entries' shared messages).
using CheckReport = std::function<void(int64_t position, int64_t value)>;

/// A check of the current step waiting for echo_step_end.
struct PendingCheck {
  std::string location;
  CheckReport report;
};

/// The context's check state (device slots: kStepCheckSlots for the step,
/// then one for immediate checks).
struct DeferredChecks {
  CheckSlot *slots = nullptr;
  std::vector<PendingCheck> pending;
};

/// A data check of entry `entry`: beginCheck gives the slot (reset to no
/// failure) whose position the check's kernels lower to the first failing
/// one, storing the value there in its `value`; endCheck, after those
/// kernels, either leaves the failure to echo_step_end (inside a step, for
/// an entry abi.def lets defer, with a step slot left) or waits for the
/// kernels and reports it now.
CheckSlot *beginCheck(Context &ctx, const char *entry);
void endCheck(Context &ctx, CheckSlot *slot, const char *entry,
              CheckReport report);

/// echo_step_begin: forgets the previous step's checks.
void beginStepChecks(Context &ctx);
/// echo_step_end, the stream idle: throws the first failed check's error,
/// its location appended.
void reportStepChecks(Context &ctx);
/// After another error of the step: when a deferred check of an earlier
/// call failed, its error replaces the context's (it is the cause). Best
/// effort: it gives up silently when the device cannot be read.
void preferEarlierCheckFailure(Context &ctx);
} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_DEFERREDCHECKS_H
