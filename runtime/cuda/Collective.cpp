//===- Collective.cpp - echo_all_reduce (CUDA) -----------------------------===//
//
// The collective of data-parallel steps on the device: with one rank a copy
// on the stream; with more, the tensor goes through host memory to the
// communicator plugin (common/AllReduce.h: the CPU backend's deterministic
// rank-order sum) and back. Correct and reproducible, not fast: NCCL on the
// stream is the next step (docs/distributed.md).
//
//===----------------------------------------------------------------------===//

#include "AllReduce.h"
#include "Context.h"

#include <vector>

using namespace echo_cuda;

void entry::echo_all_reduce(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(y),
                            int64_t ranks, int64_t mean) {
  const char *E = "echo_all_reduce";
  echo_rt::AllReduceArgs a =
      echo_rt::allReduceArgs(E, x_rank, x_desc, y_rank, y_desc, ranks);
  size_t bytes = static_cast<size_t>(a.y.numel) * sizeof(float);
  if (ranks == 1) {
    if (a.y.f32() != a.x.f32() && bytes)
      check(E, cudaMemcpyAsync(a.y.f32(), a.x.f32(), bytes,
                               cudaMemcpyDeviceToDevice, ctx.stream),
            "cudaMemcpyAsync");
    return;
  }
  std::vector<float> host(static_cast<size_t>(a.y.numel));
  check(E, cudaMemcpyAsync(host.data(), a.x.f32(), bytes,
                           cudaMemcpyDeviceToHost, ctx.stream),
        "cudaMemcpyAsync");
  check(E, cudaStreamSynchronize(ctx.stream), "cudaStreamSynchronize");
  echo_rt::allReduceHost(E, host.data(), host.data(), a.y.numel, ranks,
                         mean != 0);
  check(E, cudaMemcpyAsync(a.y.f32(), host.data(), bytes,
                           cudaMemcpyHostToDevice, ctx.stream),
        "cudaMemcpyAsync");
  check(E, cudaStreamSynchronize(ctx.stream), "cudaStreamSynchronize");
}
