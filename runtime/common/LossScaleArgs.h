//===- LossScaleArgs.h - Dynamic loss scaling: checks and math -*- C++ -*-===//
//
// The arguments of echo_nonfinite_count, echo_select and
// echo_loss_scale_update, checked once for every backend, and their
// per-element math, host and device code alike (ECHO_HD), so every backend
// stores the same bits.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_LOSSSCALEARGS_H
#define ECHO_RUNTIME_COMMON_LOSSSCALEARGS_H

#include "EntryArgs.h"
#include "RuntimeError.h"
#include "TensorView.h"
#include "echo/codecs.h" // ECHO_HD, f32Bits
#include "echo/loss_scale.h"

namespace echo_rt {
inline namespace loss_scale_args {

/// +-inf or NaN: the exponent bits all set.
ECHO_HD inline bool isNonfinite(float x) {
  return (echo_codecs::f32Bits(x) & 0x7f800000u) == 0x7f800000u;
}

struct NonfiniteCountArgs {
  TensorView x, count;
};
inline NonfiniteCountArgs
nonfiniteCountArgs(const echo_nonfinite_count_args &args) {
  const char *entry = args.entry;
  NonfiniteCountArgs a{args.x.view(), args.count.view()};
  expectNumel(entry, a.count, "count", 1);
  return a;
}

struct SelectArgs {
  TensorView pred, a, b, y;
};
inline SelectArgs selectArgs(const echo_select_args &args) {
  const char *entry = args.entry;
  SelectArgs s{args.pred.view(), args.a.view(), args.b.view(), args.y.view()};
  expectNumel(entry, s.pred, "pred", 1);
  expectSameShape(entry, s.a, "a", s.y, "y");
  expectSameShape(entry, s.b, "b", s.y, "y");
  return s;
}

struct LossScaleArgs {
  TensorView state, nonfinite, new_state;
};
inline LossScaleArgs lossScaleArgs(const echo_loss_scale_update_args &args) {
  const char *entry = args.entry;
  LossScaleArgs a{args.state.view(), args.nonfinite.view(),
                  args.new_state.view()};
  expectNumel(entry, a.state, "state", 2);
  expectNumel(entry, a.nonfinite, "nonfinite", 1);
  expectSameShape(entry, a.state, "state", a.new_state, "new_state");
  if (!echo_loss_scale::validGrowthInterval(args.growth_interval))
    fail(entry, "growth_interval must be at least 1, got %lld",
         (long long)args.growth_interval);
  if (!echo_loss_scale::validGrowth(args.growth))
    fail(entry, "growth must be a finite factor above 1, got %g", args.growth);
  if (!echo_loss_scale::validBackoff(args.backoff))
    fail(entry, "backoff must lie in (0, 1), got %g", args.backoff);
  return a;
}

/// One step of the scale: reads both elements of `state` before writing
/// `out` (which may be `state`).
ECHO_HD inline void lossScaleStep(const float *state, float nonfinite,
                                  int64_t growthInterval, double growth,
                                  double backoff, float *out) {
  float scale = state[0], good = state[1];
  if (nonfinite != 0.0f) {
    out[0] = static_cast<float>(static_cast<double>(scale) * backoff);
    out[1] = 0.0f;
    return;
  }
  double next = static_cast<double>(good) + 1.0;
  if (next >= static_cast<double>(growthInterval)) {
    out[0] = static_cast<float>(static_cast<double>(scale) * growth);
    out[1] = 0.0f;
  } else {
    out[0] = scale;
    out[1] = static_cast<float>(next);
  }
}

} // namespace loss_scale_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_LOSSSCALEARGS_H
