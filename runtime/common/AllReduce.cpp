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

/// What each rank sends before a collective's data, so that ranks at
/// different collectives (another step, another iteration count) are an
/// error, not a wrong sum or mismatched message sizes.
struct CallTag {
  uint64_t call;
  int64_t elements;
};

void gather(const char *entry, CommPlugin &comm, const void *send, void *recv,
            int64_t bytes) {
  char message[512] = {0};
  if (comm.allgather(send, recv, bytes, message, sizeof message) != 0)
    fail(entry, "%s", message);
}

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
  CallTag mine{comm.calls++, n};
  std::vector<CallTag> tags(ranks);
  gather(entry, comm, &mine, tags.data(), sizeof mine);
  for (int64_t r = 0; r < ranks; ++r)
    if (tags[r].call != mine.call || tags[r].elements != mine.elements)
      fail(entry,
           "rank %lld is at another collective (call %llu, of %lld "
           "elements) than rank %lld (call %llu, of %lld): the ranks run "
           "different steps or iteration counts",
           (long long)r, (unsigned long long)tags[r].call,
           (long long)tags[r].elements, (long long)comm.rank,
           (unsigned long long)mine.call, (long long)mine.elements);
  // Chunks bound the staging memory (ranks x 256 KiB), which the
  // communicator holds like a library's internal buffers, outside the plan.
  constexpr int64_t kChunk = 1 << 16;
  std::vector<float> gathered(static_cast<size_t>(ranks * std::min(n, kChunk)));
  float scale = mean ? static_cast<float>(ranks) : 1.0f;
  for (int64_t begin = 0; begin < n; begin += kChunk) {
    int64_t len = std::min(kChunk, n - begin);
    gather(entry, comm, x + begin, gathered.data(),
           len * static_cast<int64_t>(sizeof(float)));
    for (int64_t i = 0; i < len; ++i) {
      float sum = gathered[i];
      for (int64_t r = 1; r < ranks; ++r)
        sum += gathered[r * len + i];
      y[begin + i] = mean ? sum / scale : sum;
    }
  }
}

} // namespace echo_rt
