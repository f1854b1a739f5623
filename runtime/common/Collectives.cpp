//===- Collectives.cpp - Data-parallel collectives on host memory ----------===//

#include "Collectives.h"
#include "CommPlugin.h"
#include "RuntimeError.h"
#include "echo/parts.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace echo_rt {
namespace {

/// What each rank sends before a collective's data, so that ranks at
/// different collectives (another step, another iteration count) are an
/// error, not a wrong result or mismatched message sizes.
struct CallTag {
  uint64_t call;
  int64_t kind, elements;
};

enum Kind : int64_t { kAllReduce, kAllGather, kReduceScatter };

void gather(const char *entry, CommPlugin &comm, const void *send, void *recv,
            int64_t bytes) {
  char message[512] = {0};
  if (comm.allgather(send, recv, bytes, message, sizeof message) != 0)
    fail(entry, "%s", message);
}

/// The communicator, which must join `ranks` processes.
CommPlugin &jobOf(const char *entry, int64_t ranks) {
  CommPlugin &comm = commPlugin(entry);
  if (comm.size != ranks)
    fail(entry,
         "the step was built for %lld ranks (echo-data-parallel ranks=%lld) "
         "but runs in a job of %lld processes: start it with mpirun -np %lld",
         (long long)ranks, (long long)ranks, (long long)comm.size,
         (long long)ranks);
  return comm;
}

/// The communicator of a job of `ranks` processes, after checking that
/// every rank is at this same collective.
CommPlugin &join(const char *entry, int64_t ranks, Kind kind, int64_t n) {
  CommPlugin &comm = jobOf(entry, ranks);
  CallTag mine{comm.calls++, kind, n};
  std::vector<CallTag> tags(ranks);
  gather(entry, comm, &mine, tags.data(), sizeof mine);
  for (int64_t r = 0; r < ranks; ++r)
    if (tags[r].call != mine.call || tags[r].kind != mine.kind ||
        tags[r].elements != mine.elements)
      fail(entry,
           "rank %lld is at another collective (call %llu, of %lld "
           "elements) than rank %lld (call %llu, of %lld): the ranks run "
           "different steps or iteration counts",
           (long long)r, (unsigned long long)tags[r].call,
           (long long)tags[r].elements, (long long)comm.rank,
           (unsigned long long)mine.call, (long long)mine.elements);
  return comm;
}

// Chunks bound the staging memory (ranks x 256 KiB), which the
// communicator holds like a library's internal buffers, outside the plan.
constexpr int64_t kChunk = 1 << 16;

/// Calls body(begin, len, parts) for each chunk [begin, begin + len) of
/// x[0, n), parts[r] being rank r's x at begin.
template <typename Body>
void gatherChunks(const char *entry, CommPlugin &comm, const float *x,
                  int64_t n, Body &&body) {
  int64_t ranks = comm.size;
  std::vector<float> gathered(static_cast<size_t>(ranks * std::min(n, kChunk)));
  std::vector<const float *> parts(ranks);
  for (int64_t begin = 0; begin < n; begin += kChunk) {
    int64_t len = std::min(kChunk, n - begin);
    gather(entry, comm, x + begin, gathered.data(),
           len * static_cast<int64_t>(sizeof(float)));
    for (int64_t r = 0; r < ranks; ++r)
      parts[r] = gathered.data() + r * len;
    body(begin, len, parts);
  }
}

int64_t partOf(int64_t n, int64_t ranks) {
  return echo_part_elements(n, ranks);
}

} // namespace

CollectiveArgs collectiveArgs(const char *entry, const Operand &x,
                              const Operand &y, int64_t ranks, char sharded) {
  CollectiveArgs a{x.view(), y.view(), 0, 0};
  if (ranks < 1)
    fail(entry, "ranks must be at least 1, got %lld", (long long)ranks);
  const TensorView &whole = sharded == 'x' ? a.y : a.x;
  a.n = whole.numel;
  a.part = partOf(a.n, ranks);
  if (sharded == 0) {
    expectSameShape(entry, a.x, "x", a.y, "y");
  } else {
    const TensorView &part = sharded == 'x' ? a.x : a.y;
    expectRank(entry, part, sharded == 'x' ? "x" : "y", 1);
    expectNumel(entry, part, sharded == 'x' ? "x" : "y", a.part);
  }
  return a;
}

int64_t collectiveRank(const char *entry, int64_t ranks) {
  return ranks == 1 ? 0 : jobOf(entry, ranks).rank;
}

void allReduceHost(const char *entry, const float *x, float *y, int64_t n,
                   int64_t ranks, bool mean) {
  if (ranks == 1) {
    if (y != x)
      std::copy(x, x + n, y);
    return;
  }
  CommPlugin &comm = join(entry, ranks, kAllReduce, n);
  float scale = static_cast<float>(ranks);
  gatherChunks(entry, comm, x, n,
               [&](int64_t begin, int64_t len,
                   const std::vector<const float *> &parts) {
                 for (int64_t i = 0; i < len; ++i) {
                   float sum = parts[0][i];
                   for (int64_t r = 1; r < ranks; ++r)
                     sum += parts[r][i];
                   y[begin + i] = mean ? sum / scale : sum;
                 }
               });
}

void shardHost(const char *entry, const float *x, float *y, int64_t n,
               int64_t ranks) {
  int64_t part = partOf(n, ranks);
  int64_t begin = collectiveRank(entry, ranks) * part;
  int64_t have = std::clamp<int64_t>(n - begin, 0, part);
  std::copy(x + begin, x + begin + have, y);
  std::fill(y + have, y + part, 0.0f);
}

void allGatherHost(const char *entry, const float *x, float *y, int64_t n,
                   int64_t ranks) {
  int64_t part = partOf(n, ranks);
  if (ranks == 1) {
    std::copy(x, x + n, y);
    return;
  }
  CommPlugin &comm = join(entry, ranks, kAllGather, n);
  std::vector<float> all(static_cast<size_t>(part * ranks));
  gather(entry, comm, x, all.data(), part * static_cast<int64_t>(sizeof(float)));
  std::copy(all.begin(), all.begin() + n, y);
}

void reduceScatterHost(const char *entry, const float *x, float *y,
                       int64_t n, int64_t ranks, bool mean) {
  int64_t part = partOf(n, ranks);
  if (ranks == 1) {
    std::copy(x, x + n, y);
    return;
  }
  CommPlugin &comm = join(entry, ranks, kReduceScatter, n);
  int64_t mine = comm.rank * part;
  float scale = static_cast<float>(ranks);
  std::fill(y, y + part, 0.0f);
  // Every rank's whole tensor, chunk by chunk, of which this rank sums its
  // part: ranks times a ring reduce-scatter's traffic, the same bits as
  // echo_all_reduce's.
  gatherChunks(entry, comm, x, n,
               [&](int64_t begin, int64_t len,
                   const std::vector<const float *> &parts) {
                 int64_t from = std::max(begin, mine);
                 int64_t to = std::min(begin + len, mine + part);
                 for (int64_t i = from; i < to; ++i) {
                   float sum = parts[0][i - begin];
                   for (int64_t r = 1; r < ranks; ++r)
                     sum += parts[r][i - begin];
                   y[i - mine] = mean ? sum / scale : sum;
                 }
               });
}

} // namespace echo_rt
