//===- LossScale.cu - Dynamic loss scaling (CUDA) --------------------------===//
//
// echo_nonfinite_count, echo_select and echo_loss_scale_update on the
// device (runtime/cpu/LossScale.cpp; checks and math in
// common/LossScaleArgs.h). The count is one block's integer reduction, so it
// does not depend on scheduling; the predicate and the state are read on the
// device, so nothing waits for the host.
//
//===----------------------------------------------------------------------===//

#include "Launch.h"
#include "LossScaleArgs.h"

#include <cstdint>

using namespace echo_cuda;
using echo_rt::isNonfinite;
using echo_rt::lossScaleStep;

namespace {

__global__ void nonfiniteCountKernel(const float *x, int64_t n, float *count) {
  __shared__ unsigned long long partial[kThreads];
  unsigned long long mine = 0;
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x)
    mine += isNonfinite(x[i]) ? 1 : 0;
  partial[threadIdx.x] = mine;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if ((int)threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    count[0] = (float)partial[0];
}

} // namespace

void entry::echo_nonfinite_count(Context &ctx,
                                 const echo_nonfinite_count_args &args) {
  echo_rt::NonfiniteCountArgs a = echo_rt::nonfiniteCountArgs(args);
  nonfiniteCountKernel<<<1, kThreads, 0, ctx.stream>>>(a.x.f32(), a.x.numel,
                                                        a.count.f32());
  checkLaunch(args.entry, "a kernel");
}

void entry::echo_select(Context &ctx, const echo_select_args &args) {
  echo_rt::SelectArgs s = echo_rt::selectArgs(args);
  const float *p = s.pred.f32(), *av = s.a.f32(), *bv = s.b.f32();
  float *out = s.y.f32();
  forEach(ctx, args.entry, s.y.numel,
          [=] __device__(int64_t i) { out[i] = p[0] != 0.0f ? av[i] : bv[i]; });
}

void entry::echo_loss_scale_update(Context &ctx,
                                   const echo_loss_scale_update_args &args) {
  echo_rt::LossScaleArgs a = echo_rt::lossScaleArgs(args);
  const float *st = a.state.f32(), *n = a.nonfinite.f32();
  float *out = a.new_state.f32();
  // The kernel captures the scalars, not the whole argument struct.
  int64_t interval = args.growth_interval;
  double growth = args.growth, backoff = args.backoff;
  forEach(ctx, args.entry, 1, [=] __device__(int64_t) {
    lossScaleStep(st, n[0], interval, growth, backoff, out);
  });
}
