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
CommPlugin &join(const char *entry, int64_t ranks, CollectiveKind kind,
                 int64_t n) {
  CommPlugin &comm = jobOf(entry, ranks);
  CallTag mine{comm.calls++, static_cast<int64_t>(kind), n};
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

/// Sends send[0, sendLen) to rank `dest` while receiving recv[0, recvLen)
/// from rank `source` (-1: none).
void exchange(const char *entry, CommPlugin &comm, const float *send,
              int64_t sendLen, int64_t dest, float *recv, int64_t recvLen,
              int64_t source) {
  constexpr int64_t kF32 = sizeof(float);
  char message[512] = {0};
  if (comm.sendrecv(send, sendLen * kF32, dest, recv, recvLen * kF32, source,
                    message, sizeof message) != 0)
    fail(entry, "%s", message);
}

// Chunks bound the staging memory of the chains below (a few times
// 256 KiB), which the communicator holds like a library's internal
// buffers, outside the plan, and let the ranks of a chain work at once.
constexpr int64_t kChunk = 1 << 16;

/// Streams `n` elements along a chain of ranks in chunks, pipelined: at step
/// c this rank receives chunk c from `prev` into recvAt(begin) while it
/// sends chunk c - 1 from sendAt(begin) to `next` (-1: none), then calls
/// arrived(begin, len) for chunk c. Every rank of the chain calls it with
/// the same n; step c of rank r meets step c - 1 of the next rank.
template <typename RecvAt, typename SendAt, typename Arrived>
void pipeline(const char *entry, CommPlugin &comm, int64_t n, int64_t prev,
              int64_t next, RecvAt &&recvAt, SendAt &&sendAt,
              Arrived &&arrived) {
  int64_t chunks = (n + kChunk - 1) / kChunk;
  for (int64_t c = 0; c <= chunks; ++c) {
    int64_t begin = c * kChunk, len = std::min(kChunk, n - begin);
    int64_t sent = (c - 1) * kChunk;
    bool sends = next >= 0 && c > 0, receives = prev >= 0 && c < chunks;
    if (sends || receives)
      exchange(entry, comm, sends ? sendAt(sent) : nullptr,
               sends ? std::min(kChunk, n - sent) : 0, sends ? next : -1,
               receives ? recvAt(begin) : nullptr, receives ? len : 0,
               receives ? prev : -1);
    if (c < chunks)
      arrived(begin, len);
  }
}

/// Sums x[0, n) of every rank in rank order along the chain 0, 1, ..., N-1:
/// rank r receives the partial sum of ranks 0..r-1, adds its own x and
/// passes it on, so the last rank holds ((x_0 + x_1) + x_2) + ..., the
/// order of a sum of the gathered tensors, and calls
/// done(i, sum) for each element; the other ranks never see a whole sum.
template <typename Done>
void chainSum(const char *entry, CommPlugin &comm, const float *x, int64_t n,
              Done &&done) {
  int64_t rank = comm.rank, last = comm.size - 1;
  int64_t prev = rank > 0 ? rank - 1 : -1, next = rank < last ? rank + 1 : -1;
  std::vector<float> in(prev >= 0 ? std::min(n, kChunk) : 0),
      out(next >= 0 ? std::min(n, kChunk) : 0);
  pipeline(
      entry, comm, n, prev, next, [&](int64_t) { return in.data(); },
      [&](int64_t) { return out.data(); },
      [&](int64_t begin, int64_t len) {
        for (int64_t i = 0; i < len; ++i) {
          float sum = prev >= 0 ? in[i] + x[begin + i] : x[begin + i];
          if (next >= 0)
            out[i] = sum;
          else
            done(begin + i, sum);
        }
      });
}

/// Copies data[0, n) along the chain from `prev` to `next` (the first rank
/// of the chain has it already).
void relay(const char *entry, CommPlugin &comm, float *data, int64_t n,
           int64_t prev, int64_t next) {
  auto at = [&](int64_t begin) { return data + begin; };
  pipeline(entry, comm, n, prev, next, at, at, [](int64_t, int64_t) {});
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

void joinCollective(const char *entry, int64_t ranks, CollectiveKind kind,
                    int64_t n) {
  if (ranks > 1)
    join(entry, ranks, kind, n);
}

void allGatherBytes(const char *entry, int64_t ranks, const void *send,
                    void *recv, int64_t bytes) {
  if (ranks == 1)
    std::memcpy(recv, send, static_cast<size_t>(bytes));
  else
    gather(entry, jobOf(entry, ranks), send, recv, bytes);
}

void allReduceHost(const char *entry, const float *x, float *y, int64_t n,
                   int64_t ranks, bool mean) {
  if (ranks == 1) {
    if (y != x)
      std::copy(x, x + n, y);
    return;
  }
  CommPlugin &comm = join(entry, ranks, CollectiveKind::AllReduce, n);
  float scale = static_cast<float>(ranks);
  int64_t rank = comm.rank, last = ranks - 1;
  // x is read before y is written (the last rank: element by element), so
  // y may be x.
  chainSum(entry, comm, x, n, [&](int64_t i, float sum) {
    y[i] = mean ? sum / scale : sum;
  });
  // The last rank's result around the ring: last, 0, 1, ..., last - 1.
  relay(entry, comm, y, n, rank == last ? -1 : (rank + ranks - 1) % ranks,
        rank == last - 1 ? -1 : (rank + 1) % ranks);
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
  CommPlugin &comm = join(entry, ranks, CollectiveKind::AllGather, n);
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
  CommPlugin &comm = join(entry, ranks, CollectiveKind::ReduceScatter, n);
  float scale = static_cast<float>(ranks);
  int64_t rank = comm.rank, last = ranks - 1;
  std::fill(y, y + part, 0.0f);
  // Part by part, the chain sum of echo_all_reduce (the same bits), after
  // which the last rank sends the part to its owner: the last rank stages
  // one part, no rank holds the whole sum.
  std::vector<float> staged;
  for (int64_t owner = 0; owner < ranks; ++owner) {
    int64_t begin = owner * part, len = std::clamp<int64_t>(n - begin, 0, part);
    if (len == 0)
      break;
    float *to = y;
    if (rank == last && owner != last) {
      staged.resize(static_cast<size_t>(len));
      to = staged.data();
    }
    chainSum(entry, comm, x + begin, len, [&](int64_t i, float sum) {
      to[i] = mean ? sum / scale : sum;
    });
    if (owner != last && (rank == last || rank == owner))
      relay(entry, comm, to, len, rank == owner ? last : -1,
            rank == last ? owner : -1);
  }
}

} // namespace echo_rt
