//===- StickyError.h - A context's first failure -------------*- C++ -*-===//
//
// Every backend's context keeps the first failure of a step: later entries
// return its status without running. The state, how an entry's exceptions
// become that status, and the extern "C" functions that read it
// (ErrorQueries.inc) are the same on every backend.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_STICKYERROR_H
#define ECHO_RUNTIME_COMMON_STICKYERROR_H

#include "RuntimeError.h"

#include <new>
#include <string>

namespace echo_rt {

struct StickyError {
  echo_status status = ECHO_OK;
  std::string error;
  /// echo_error_location already appended the failing call's location.
  bool locatedError = false;
  /// The location echo_check_location named for the next entry, or null: a
  /// check that entry defers to echo_step_end names it. Every entry clears
  /// it (EntryWrappers.inc), so a stale location is never used.
  const char *checkLocation = nullptr;

  void clearError() {
    status = ECHO_OK;
    error.clear();
    locatedError = false;
  }
  /// Records the first failure; later ones keep it (the first is the cause).
  echo_status setError(echo_status s, const std::string &message) {
    if (status == ECHO_OK) {
      status = s;
      error = message;
      locatedError = false;
    }
    return status;
  }
};

/// Runs an entry's body; what it throws becomes the sticky error. True when
/// the body returned.
template <typename Fn>
bool runCatching(StickyError &state, const char *entry, Fn &&body) {
  try {
    body();
    return true;
  } catch (const Error &e) {
    state.setError(e.status, e.message);
  } catch (const std::bad_alloc &) {
    state.setError(ECHO_ERR_OUT_OF_MEMORY,
                   std::string(entry) + ": host memory exhausted");
  } catch (...) {
    state.setError(ECHO_ERR_INTERNAL,
                   std::string(entry) + ": unexpected exception");
  }
  return false;
}

/// The error of a step compiled for another ABI version; empty when it
/// matches this backend's.
inline std::string abiMismatch(int64_t stepVersion) {
  if (stepVersion == ECHO_ABI_VERSION)
    return {};
  return "echo_step_begin: the step was compiled for runtime ABI version " +
         std::to_string(stepVersion) + ", this backend implements version " +
         std::to_string(ECHO_ABI_VERSION);
}

/// echo_step_begin up to the backend's own checks: a null context, then a
/// step that starts without an error after the backend's per-step `reset`,
/// compiled for this ABI. ECHO_OK when the backend may go on; otherwise the
/// status to return, the error recorded.
template <typename Context, typename Reset>
echo_status beginStep(Context *ctx, int64_t stepVersion, Reset reset) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  ctx->clearError();
  ctx->checkLocation = nullptr;
  reset();
  if (std::string mismatch = abiMismatch(stepVersion); !mismatch.empty())
    return ctx->setError(ECHO_ERR_ABI_MISMATCH, mismatch);
  return ECHO_OK;
}

// Every ECHO_DEFERRED_CHECK names an entry (runtime.h declares it).
#define ECHO_DEFERRED_CHECK(name) static_assert(sizeof(&::name) != 0, #name);
#include "echo/abi.def"

/// Whether abi.def lets `entry` defer its data checks to echo_step_end
/// (ECHO_DEFERRED_CHECK).
inline bool mayDeferCheck(const std::string &entry) {
#define ECHO_DEFERRED_CHECK(name)                                              \
  if (entry == #name)                                                          \
    return true;
#include "echo/abi.def"
  return false;
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_STICKYERROR_H
