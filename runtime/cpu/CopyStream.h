//===- CopyStream.h - The CPU backend's copy stream and host pool -*- C++ -*-===//
//
// Dymem's second stream on the CPU: one worker thread runs the copies of
// echo_offload and echo_prefetch in issue order, between device buffers
// and the slots of a host pool, while the entries run on the caller's
// thread. A copy's device bytes are its own until it ends: every entry
// first waits for the pending copies whose device bytes overlap one of its
// tensors (Entries.cpp), so nothing else synchronizes the two threads.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_COPYSTREAM_H
#define ECHO_RUNTIME_CPU_COPYSTREAM_H

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace echo_rt {

class CopyStream {
public:
  CopyStream() = default;
  CopyStream(const CopyStream &) = delete;
  CopyStream &operator=(const CopyStream &) = delete;
  /// Waits for every copy, then stops the worker.
  ~CopyStream();

  /// Starts copying `bytes` from device memory at `src` into `slot`.
  void offload(int64_t slot, const void *src, size_t bytes);
  /// Starts copying `slot` (`bytes`, the size of its offload) into `dst`;
  /// false when nothing of that size was offloaded into the slot.
  bool prefetch(int64_t slot, void *dst, size_t bytes);
  /// Bytes held by `slot`, -1 when it was never offloaded into.
  int64_t slotBytes(int64_t slot) const;
  /// Waits for the copies of `slot`.
  void waitSlot(int64_t slot);
  /// Waits for the copies whose device bytes overlap [begin, begin+bytes).
  void waitOverlapping(const void *begin, size_t bytes);
  void waitAll();
  /// Nothing pending: the fast path of every entry.
  bool idle() const { return pending.empty(); }
  /// Bytes of the host pool.
  int64_t hostBytes() const { return poolBytes; }

private:
  struct Job {
    uint64_t seq;
    const void *src;
    void *dst;
    size_t bytes;
  };
  /// A copy not yet known to have ended (caller's thread only).
  struct Pending {
    uint64_t seq;
    const char *begin, *end; // its device bytes
    int64_t slot;
  };
  uint64_t enqueue(const void *src, void *dst, size_t bytes);
  void waitFor(uint64_t seq);
  void prune();
  void run();

  // Shared with the worker, under `mutex`.
  std::mutex mutex;
  std::condition_variable queued, finished;
  std::deque<Job> queue;
  uint64_t completed = 0;
  bool stopping = false;

  // The caller's thread only.
  std::thread worker;
  uint64_t issued = 0;
  std::vector<Pending> pending;
  std::vector<std::vector<unsigned char>> pool; // slot -> host copy
  std::vector<bool> filled;
  int64_t poolBytes = 0;
};

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_COPYSTREAM_H
