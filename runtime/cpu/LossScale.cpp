//===- LossScale.cpp - Dynamic loss scaling (CPU) ------------------------===//
//
// echo_nonfinite_count, echo_select and echo_loss_scale_update: the ops the
// training step of echo-autodiff's loss-scale=dynamic checks its gradients,
// keeps or replaces its parameters and updates its scale with
// (docs/mixed-precision.md). Checks and math: common/LossScaleArgs.h.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "LossScaleArgs.h"
#include "Parallel.h"

#include <atomic>

using namespace echo_rt;

void entry::echo_nonfinite_count(Context &,
                                 const echo_nonfinite_count_args &args) {
  NonfiniteCountArgs a = nonfiniteCountArgs(args);
  const float *x = a.x.f32();
  // An integer count: the sum does not depend on how ranges are split.
  std::atomic<int64_t> total{0};
  parallelRanges(a.x.numel, [&](int64_t begin, int64_t end) {
    int64_t n = 0;
    for (int64_t i = begin; i < end; ++i)
      n += isNonfinite(x[i]) ? 1 : 0;
    total += n;
  });
  a.count.f32()[0] = static_cast<float>(total.load());
}

void entry::echo_select(Context &, const echo_select_args &args) {
  SelectArgs s = selectArgs(args);
  const float *from = s.pred.f32()[0] != 0.0f ? s.a.f32() : s.b.f32();
  float *out = s.y.f32();
  if (from == out)
    return;
  parallelRanges(s.y.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      out[i] = from[i];
  });
}

void entry::echo_loss_scale_update(Context &,
                                   const echo_loss_scale_update_args &args) {
  LossScaleArgs a = lossScaleArgs(args);
  lossScaleStep(a.state.f32(), a.nonfinite.f32()[0], args.growth_interval,
                args.growth, args.backoff, a.new_state.f32());
}
