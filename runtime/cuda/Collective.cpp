//===- Collective.cpp - Data-parallel collectives (CUDA) -------------------===//
//
// The collectives of data-parallel steps on the device, by
// ECHO_CUDA_COLLECTIVES:
//   auto (default): at one rank a copy on the stream; at several, NCCL on
//        the context's stream (NcclLibrary.h, loaded at the first one);
//   nccl: NCCL at one rank too, so a one-rank NCCL step can be compared bit
//        for bit with the step without the pass;
//   host: at one rank a copy on the stream; at several, through host
//        memory to the CPU backend's collectives (common/Collectives.h:
//        the rank-order chain sums, so the CPU backend's bits), with a
//        stream synchronization per collective.
// NCCL's sums are in the order of its own algorithm, not the ranks' (see
// docs/distributed.md). Before each NCCL collective of several ranks the
// ranks check, through the communicator plugin, that they are at the same
// one, so ranks at different steps fail instead of waiting on the device.
// echo_shard needs no other rank: on the device it is a copy of this
// rank's part.
//
//===----------------------------------------------------------------------===//

#include "Collectives.h"
#include "Context.h"
#include "NcclLibrary.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

using namespace echo_cuda;

namespace {

enum class Path { Copy, Nccl, Host };

Path pathOf(const char *E, int64_t ranks) {
  const char *mode = std::getenv("ECHO_CUDA_COLLECTIVES");
  if (!mode || !*mode || std::strcmp(mode, "auto") == 0)
    return ranks == 1 ? Path::Copy : Path::Nccl;
  if (std::strcmp(mode, "nccl") == 0)
    return Path::Nccl;
  if (std::strcmp(mode, "host") == 0)
    return Path::Host;
  fail(E, "ECHO_CUDA_COLLECTIVES is '%s': auto, nccl or host", mode);
}

/// The process's NCCL communicator, made at its first collective and
/// destroyed at exit; one per process, like the MPI communicator it is
/// made through.
struct NcclComm {
  const NcclLibrary *library = nullptr;
  nccl::Comm comm = nullptr;
  int64_t ranks = 0;
  int device = -1;
  std::string error; // why it could not be made; not retried
  /// Set when a collective failed: destroying would wait for the others.
  bool broken = false;
};

NcclComm &ncclState() {
  static NcclComm state;
  return state;
}

void destroyAtExit() {
  NcclComm &s = ncclState();
  if (s.comm && !s.broken)
    s.library->commDestroy(s.comm);
  s.comm = nullptr;
}

/// What every rank offers when the communicator is made: whether it has
/// NCCL, and rank 0 the id of the communicator.
struct Offer {
  nccl::UniqueId id;
  int32_t ready;
};

NcclComm &communicator(const char *E, Context &ctx, int64_t ranks) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  NcclComm &s = ncclState();
  if (s.comm) {
    if (s.ranks != ranks || s.device != ctx.device)
      fail(E,
           "the process's NCCL communicator joins %lld ranks on device %d, "
           "this collective needs %lld on device %d",
           (long long)s.ranks, s.device, (long long)ranks, ctx.device);
    return s;
  }
  if (!s.error.empty())
    fail(E, "%s", s.error.c_str());
  int64_t rank = echo_rt::collectiveRank(E, ranks);
  // Every rank offers, even one without NCCL, so that none waits for it.
  std::string why;
  NcclLibrary opened;
  Offer mine{};
  bool loaded = openNccl(opened, why);
  mine.ready = loaded;
  if (loaded && rank == 0) {
    nccl::Result r = opened.getUniqueId(&mine.id);
    if (r != nccl::kSuccess) {
      why = opened.describe("ncclGetUniqueId", r);
      mine.ready = 0;
    }
  }
  std::vector<Offer> offers(static_cast<size_t>(ranks));
  echo_rt::allGatherBytes(E, ranks, &mine, offers.data(), sizeof mine);
  if (!mine.ready)
    s.error = loaded ? why : ncclNeeded(ranks, why);
  for (int64_t r = 0; r < ranks && s.error.empty(); ++r)
    if (!offers[r].ready)
      s.error = "rank " + std::to_string(r) + " cannot use NCCL";
  if (!s.error.empty())
    fail(E, "%s", s.error.c_str());
  static NcclLibrary library;
  library = opened;
  nccl::Result r = library.commInitRank(&s.comm, static_cast<int>(ranks),
                                        offers[0].id, static_cast<int>(rank));
  if (r != nccl::kSuccess) {
    s.comm = nullptr;
    s.error = library.describe("ncclCommInitRank", r);
    fail(E, "%s", s.error.c_str());
  }
  s.library = &library;
  s.ranks = ranks;
  s.device = ctx.device;
  std::atexit(destroyAtExit);
  return s;
}

/// Fails the entry on a failed NCCL call, leaving the communicator
/// undestroyed.
void checkNccl(const char *E, NcclComm &s, nccl::Result r, const char *what) {
  if (r == nccl::kSuccess)
    return;
  s.broken = true;
  fail(E, "%s", s.library->describe(what, r).c_str());
}

/// y[0, n) /= ranks on the stream, for an NCCL without ncclAvg (before
/// 2.10): a multiplication by 1/ranks, as NCCL's own average takes it.
void scaleMean(const char *E, Context &ctx, float *y, int64_t n,
               int64_t ranks) {
  if (n > INT32_MAX)
    fail(E, "a mean of %lld elements needs NCCL 2.10 or later (ncclAvg)",
         (long long)n);
  float alpha = 1.0f / static_cast<float>(ranks);
  check(E, cublasSscal(cublas(E, ctx), static_cast<int>(n), &alpha, y, 1),
        "cublasSscal");
}

/// The communicator of a collective of `ranks`, after every rank checked
/// that the others are at the same one.
NcclComm &ncclFor(const char *E, Context &ctx, int64_t ranks,
                  echo_rt::CollectiveKind kind, int64_t n) {
  NcclComm &s = communicator(E, ctx, ranks);
  echo_rt::joinCollective(E, ranks, kind, n);
  return s;
}

void copyOnStream(const char *E, Context &ctx, void *y, const void *x,
                  int64_t n) {
  if (y != x && n)
    check(E,
          cudaMemcpyAsync(y, x, n * sizeof(float), cudaMemcpyDeviceToDevice,
                          ctx.stream),
          "cudaMemcpyAsync");
}

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

/// Runs a collective of x into y of `ranks` without NCCL where the mode
/// says so: as a copy on the stream at one rank (auto, host), through host
/// memory to `host(hx, hy)` at several (host). False when it is NCCL's.
template <typename Host>
bool withoutNccl(const char *E, Context &ctx, const echo_rt::CollectiveArgs &a,
                 int64_t ranks, Host &&host) {
  Path path = pathOf(E, ranks);
  if (path == Path::Nccl)
    return false;
  if (ranks == 1)
    copyOnStream(E, ctx, a.y.data, a.x.data, a.n);
  else
    throughHost(E, ctx, a.x, a.y, host);
  return true;
}

} // namespace

void entry::echo_all_reduce(Context &ctx, const echo_all_reduce_args &args) {
  const char *E = args.entry;
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(E, args.x, args.y, args.ranks, 0);
  if (withoutNccl(E, ctx, a, args.ranks, [&](const float *hx, float *hy) {
        echo_rt::allReduceHost(E, hx, hy, a.n, args.ranks, args.mean != 0);
      }))
    return;
  NcclComm &s = ncclFor(E, ctx, args.ranks, echo_rt::CollectiveKind::AllReduce,
                        a.n);
  if (!a.n)
    return;
  bool avg = args.mean && s.library->hasAvg();
  checkNccl(E, s,
            s.library->allReduce(a.x.data, a.y.data, a.n, nccl::kFloat32,
                                 avg ? nccl::kAvg : nccl::kSum, s.comm,
                                 ctx.stream),
            "ncclAllReduce");
  if (args.mean && !avg)
    scaleMean(E, ctx, a.y.f32(), a.n, args.ranks);
}

void entry::echo_shard(Context &ctx, const echo_shard_args &args) {
  const char *E = args.entry;
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(E, args.x, args.y, args.ranks, 'y');
  if (pathOf(E, args.ranks) == Path::Host)
    return throughHost(E, ctx, a.x, a.y, [&](const float *hx, float *hy) {
      echo_rt::shardHost(E, hx, hy, a.n, args.ranks);
    });
  int64_t begin = echo_rt::collectiveRank(E, args.ranks) * a.part;
  int64_t have = std::clamp<int64_t>(a.n - begin, 0, a.part);
  float *y = a.y.f32();
  copyOnStream(E, ctx, y, a.x.f32() + begin, have);
  if (have < a.part)
    check(E,
          cudaMemsetAsync(y + have, 0, (a.part - have) * sizeof(float),
                          ctx.stream),
          "cudaMemsetAsync");
}

void entry::echo_all_gather(Context &ctx, const echo_all_gather_args &args) {
  const char *E = args.entry;
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(E, args.x, args.y, args.ranks, 'x');
  if (withoutNccl(E, ctx, a, args.ranks, [&](const float *hx, float *hy) {
        echo_rt::allGatherHost(E, hx, hy, a.n, args.ranks);
      }))
    return;
  NcclComm &s = ncclFor(E, ctx, args.ranks, echo_rt::CollectiveKind::AllGather,
                        a.n);
  if (!a.n)
    return;
  // NCCL writes every rank's whole part; past n they go to scratch.
  int64_t padded = a.part * args.ranks;
  void *to = padded == a.n ? a.y.data
                           : scratch(E, ctx, padded * sizeof(float));
  checkNccl(E, s,
            s.library->allGather(a.x.data, to, a.part, nccl::kFloat32, s.comm,
                                 ctx.stream),
            "ncclAllGather");
  copyOnStream(E, ctx, a.y.data, to, a.n);
}

void entry::echo_reduce_scatter(Context &ctx,
                                const echo_reduce_scatter_args &args) {
  const char *E = args.entry;
  echo_rt::CollectiveArgs a =
      echo_rt::collectiveArgs(E, args.x, args.y, args.ranks, 'y');
  if (withoutNccl(E, ctx, a, args.ranks, [&](const float *hx, float *hy) {
        echo_rt::reduceScatterHost(E, hx, hy, a.n, args.ranks,
                                   args.mean != 0);
      }))
    return;
  NcclComm &s = ncclFor(E, ctx, args.ranks,
                        echo_rt::CollectiveKind::ReduceScatter, a.n);
  if (!a.n)
    return;
  // NCCL reads every rank's whole part: x padded with zeros in scratch.
  int64_t padded = a.part * args.ranks;
  const void *from = a.x.data;
  if (padded != a.n) {
    float *buffer =
        static_cast<float *>(scratch(E, ctx, padded * sizeof(float)));
    copyOnStream(E, ctx, buffer, a.x.data, a.n);
    check(E,
          cudaMemsetAsync(buffer + a.n, 0, (padded - a.n) * sizeof(float),
                          ctx.stream),
          "cudaMemsetAsync");
    from = buffer;
  }
  bool avg = args.mean && s.library->hasAvg();
  checkNccl(E, s,
            s.library->reduceScatter(from, a.y.data, a.part, nccl::kFloat32,
                                     avg ? nccl::kAvg : nccl::kSum, s.comm,
                                     ctx.stream),
            "ncclReduceScatter");
  if (args.mean && !avg)
    scaleMean(E, ctx, a.y.f32(), a.part, args.ranks);
}
