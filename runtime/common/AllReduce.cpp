//===- AllReduce.cpp - echo_all_reduce's checks and host reduction ---------===//

#include "AllReduce.h"
#include "CommPlugin.h"
#include "RuntimeError.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace echo_rt {

AllReduceArgs allReduceArgs(const char *entry, ECHO_TENSOR(x), ECHO_TENSOR(y),
                            int64_t ranks) {
  AllReduceArgs a{fview(entry, "x", x_rank, x_desc),
                  fview(entry, "y", y_rank, y_desc)};
  expectSameShape(entry, a.x, "x", a.y, "y");
  if (ranks < 1)
    fail(entry, "ranks must be at least 1, got %lld", (long long)ranks);
  return a;
}

namespace {

/// What each rank sends ahead of a chunk, so that ranks at different
/// collectives (another step, another iteration count) are an error, not a
/// wrong sum.
struct ChunkTag {
  uint64_t call;
  int64_t elements, begin;
};

} // namespace

void allReduceHost(const char *entry, const float *x, float *y, int64_t n,
                   int64_t ranks, bool mean) {
  if (ranks == 1) {
    if (y != x)
      std::copy(x, x + n, y);
    return;
  }
  CommPlugin &comm = commPlugin(entry);
  if (comm.size != ranks)
    fail(entry,
         "the step was built for %lld ranks (echo-data-parallel ranks=%lld) "
         "but runs in a job of %lld processes: start it with mpirun -np %lld",
         (long long)ranks, (long long)ranks, (long long)comm.size,
         (long long)ranks);
  uint64_t call = comm.calls++;
  // Chunks bound the staging memory (ranks x 256 KiB), which the
  // communicator holds like a library's internal buffers, outside the plan.
  constexpr int64_t kChunk = 1 << 16;
  const int64_t most = std::max<int64_t>(std::min(n, kChunk), 0);
  const size_t stride = sizeof(ChunkTag) + most * sizeof(float);
  std::vector<char> send(stride), gathered(stride * ranks);
  float scale = mean ? static_cast<float>(ranks) : 1.0f;
  char message[512] = {0};
  int64_t begin = 0;
  do {
    int64_t len = std::min(kChunk, n - begin);
    ChunkTag mine{call, n, begin};
    std::memcpy(send.data(), &mine, sizeof mine);
    std::memcpy(send.data() + sizeof mine, x + begin, len * sizeof(float));
    if (comm.allgather(send.data(), gathered.data(),
                       static_cast<int64_t>(stride), message,
                       sizeof message) != 0)
      fail(entry, "%s", message);
    std::vector<const float *> part(ranks);
    for (int64_t r = 0; r < ranks; ++r) {
      const char *at = gathered.data() + r * stride;
      ChunkTag theirs;
      std::memcpy(&theirs, at, sizeof theirs);
      if (theirs.call != mine.call || theirs.elements != mine.elements ||
          theirs.begin != mine.begin)
        fail(entry,
             "rank %lld is at another collective (call %llu of %lld "
             "elements) than rank %lld (call %llu of %lld): the ranks run "
             "different steps or iteration counts",
             (long long)r, (unsigned long long)theirs.call,
             (long long)theirs.elements, (long long)comm.rank,
             (unsigned long long)mine.call, (long long)mine.elements);
      part[r] = reinterpret_cast<const float *>(at + sizeof theirs);
    }
    for (int64_t i = 0; i < len; ++i) {
      float sum = part[0][i];
      for (int64_t r = 1; r < ranks; ++r)
        sum += part[r][i];
      y[begin + i] = mean ? sum / scale : sum;
    }
    begin += len;
  } while (begin < n);
}

} // namespace echo_rt
