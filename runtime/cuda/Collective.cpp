//===- Collective.cpp - Data-parallel collectives (CUDA) -------------------===//
//
// The collectives of data-parallel steps on the device: a one-rank
// all-reduce is a copy on the stream; everything else goes through host
// memory to the CPU backend's collectives (common/Collectives.h: the same
// rank-order sums, so the same bits) and back. Correct and reproducible, not
// fast: NCCL on the stream is the next step (docs/distributed.md).
//
//===----------------------------------------------------------------------===//

#include "Collectives.h"
#include "Context.h"

#include <vector>

using namespace echo_cuda;

namespace {

/// Runs `host(x, y)` on host copies of device tensors x and y.
template <typename Host>
void throughHost(const char *E, Context &ctx, const echo_rt::TensorView &x,
                 const echo_rt::TensorView &y, Host &&host) {
  std::vector<float> hx(static_cast<size_t>(x.numel)),
      hy(static_cast<size_t>(y.numel));
  if (x.numel)
    check(E, cudaMemcpyAsync(hx.data(), x.data, x.numel * sizeof(float),
                             cudaMemcpyDeviceToHost, ctx.stream),
          "cudaMemcpyAsync");
  check(E, cudaStreamSynchronize(ctx.stream), "cudaStreamSynchronize");
  host(hx.data(), hy.data());
  if (y.numel)
    check(E, cudaMemcpyAsync(y.data, hy.data(), y.numel * sizeof(float),
                             cudaMemcpyHostToDevice, ctx.stream),
          "cudaMemcpyAsync");
  check(E, cudaStreamSynchronize(ctx.stream), "cudaStreamSynchronize");
}

} // namespace

void entry::echo_all_reduce(Context &ctx, const echo_all_reduce_args &args) {
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(args.entry, args.x, args.y, args.ranks, 0);
  if (args.ranks == 1) {
    if (a.y.data != a.x.data && a.n)
      check(args.entry,
            cudaMemcpyAsync(a.y.data, a.x.data, a.n * sizeof(float),
                            cudaMemcpyDeviceToDevice, ctx.stream),
            "cudaMemcpyAsync");
    return;
  }
  throughHost(args.entry, ctx, a.x, a.y, [&](const float *hx, float *hy) {
    echo_rt::allReduceHost(args.entry, hx, hy, a.n, args.ranks, args.mean != 0);
  });
}

void entry::echo_shard(Context &ctx, const echo_shard_args &args) {
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(args.entry, args.x, args.y, args.ranks, 'y');
  throughHost(args.entry, ctx, a.x, a.y, [&](const float *hx, float *hy) {
    echo_rt::shardHost(args.entry, hx, hy, a.n, args.ranks);
  });
}

void entry::echo_all_gather(Context &ctx, const echo_all_gather_args &args) {
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(args.entry, args.x, args.y, args.ranks, 'x');
  throughHost(args.entry, ctx, a.x, a.y, [&](const float *hx, float *hy) {
    echo_rt::allGatherHost(args.entry, hx, hy, a.n, args.ranks);
  });
}

void entry::echo_reduce_scatter(Context &ctx,
                                const echo_reduce_scatter_args &args) {
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(args.entry, args.x, args.y, args.ranks, 'y');
  throughHost(args.entry, ctx, a.x, a.y, [&](const float *hx, float *hy) {
    echo_rt::reduceScatterHost(args.entry, hx, hy, a.n, args.ranks,
                               args.mean != 0);
  });
}
