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

void entry::echo_nonfinite_count(Context &, ECHO_TENSOR(x),
                                 ECHO_TENSOR(count)) {
  NonfiniteCountArgs a =
      nonfiniteCountArgs("echo_nonfinite_count", x_rank, x_desc, count_rank,
                         count_desc);
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

void entry::echo_select(Context &, ECHO_TENSOR(pred), ECHO_TENSOR(a),
                        ECHO_TENSOR(b), ECHO_TENSOR(y)) {
  SelectArgs s = selectArgs("echo_select", pred_rank, pred_desc, a_rank,
                            a_desc, b_rank, b_desc, y_rank, y_desc);
  const float *from = s.pred.f32()[0] != 0.0f ? s.a.f32() : s.b.f32();
  float *out = s.y.f32();
  if (from == out)
    return;
  parallelRanges(s.y.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      out[i] = from[i];
  });
}

void entry::echo_loss_scale_update(Context &, ECHO_TENSOR(state),
                                   ECHO_TENSOR(nonfinite),
                                   ECHO_TENSOR(new_state),
                                   int64_t growth_interval, double growth,
                                   double backoff) {
  LossScaleArgs a = lossScaleArgs(
      "echo_loss_scale_update", state_rank, state_desc, nonfinite_rank,
      nonfinite_desc, new_state_rank, new_state_desc, growth_interval, growth,
      backoff);
  lossScaleStep(a.state.f32(), a.nonfinite.f32()[0], growth_interval, growth,
                backoff, a.new_state.f32());
}
