//===- MathMode.h - echo_step_set_math's argument check -------*- C++ -*-===//
//
// Shared by every backend, so a mode outside EchoMathMode (runtime.h) fails
// with one message whatever the backend.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_MATHMODE_H
#define ECHO_RUNTIME_COMMON_MATHMODE_H

#include "echo/runtime.h"

#include <cstdint>
#include <string>

namespace echo_rt {

/// "" when `mode` is an EchoMathMode, else the error echo_step_set_math
/// records (ECHO_ERR_INVALID_ARGUMENT).
inline std::string checkMathMode(int64_t mode) {
  if (mode >= 0 && mode < ECHO_MATH_COUNT)
    return "";
  return "echo_step_set_math: unknown math mode " + std::to_string(mode) +
         " (expected 0 to " + std::to_string(ECHO_MATH_COUNT - 1) + ")";
}

/// echo_step_set_math up to recording the mode (the backend's part): a null
/// context, the sticky error, then the mode. ECHO_OK when `mode` may be
/// recorded; otherwise the status to return, the error recorded.
template <typename Context>
echo_status checkStepMath(Context *ctx, int64_t mode) {
  if (!ctx)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  std::string error = checkMathMode(mode);
  if (!error.empty())
    return ctx->setError(ECHO_ERR_INVALID_ARGUMENT, error);
  return ECHO_OK;
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_MATHMODE_H
