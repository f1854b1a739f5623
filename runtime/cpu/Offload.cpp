//===- Offload.cpp - Offload and prefetch on the CPU backend --------------===//
//
// The copy stream (CopyStream.h) and the entries echo_offload,
// echo_prefetch and echo_offload_wait. Device memory is the process's
// memory on this backend, so the copies are memcpy, but they run on the
// worker thread, overlapped with the step, and the device buffers they read
// or fill are not touched by an entry before they end: the results are the
// same bits as without offload, and device-memory accounting is the
// counting allocator's (the host pool is not device memory).
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "CopyStream.h"
#include "OffloadArgs.h"
#include "TensorView.h"

#include <algorithm>
#include <cstring>

using namespace echo_rt;

CopyStream::~CopyStream() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  queued.notify_all();
  if (worker.joinable())
    worker.join(); // the worker drains the queue first
}

void CopyStream::run() {
  for (;;) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mutex);
      queued.wait(lock, [&] { return stopping || !queue.empty(); });
      if (queue.empty())
        return;
      job = queue.front();
    }
    if (job.bytes)
      std::memcpy(job.dst, job.src, job.bytes);
    {
      std::lock_guard<std::mutex> lock(mutex);
      queue.pop_front();
      completed = job.seq;
    }
    finished.notify_all();
  }
}

uint64_t CopyStream::enqueue(const void *src, void *dst, size_t bytes) {
  if (!worker.joinable())
    worker = std::thread([this] { run(); });
  uint64_t seq = ++issued;
  {
    std::lock_guard<std::mutex> lock(mutex);
    queue.push_back({seq, src, dst, bytes});
  }
  queued.notify_one();
  return seq;
}

void CopyStream::waitFor(uint64_t seq) {
  std::unique_lock<std::mutex> lock(mutex);
  finished.wait(lock, [&] { return completed >= seq; });
}

void CopyStream::prune() {
  uint64_t done;
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = completed;
  }
  pending.erase(std::remove_if(pending.begin(), pending.end(),
                               [&](const Pending &p) { return p.seq <= done; }),
                pending.end());
}

void CopyStream::offload(int64_t slot, const void *src, size_t bytes) {
  // The slot's previous copies read or fill its host bytes.
  waitSlot(slot);
  if (size_t(slot) >= pool.size()) {
    pool.resize(slot + 1);
    filled.resize(slot + 1);
  }
  poolBytes += int64_t(bytes) - int64_t(pool[slot].size());
  pool[slot].resize(bytes);
  filled[slot] = true;
  const char *begin = static_cast<const char *>(src);
  uint64_t seq = enqueue(src, pool[slot].data(), bytes);
  pending.push_back({seq, begin, begin + bytes, slot});
}

bool CopyStream::prefetch(int64_t slot, void *dst, size_t bytes) {
  if (size_t(slot) >= pool.size() || !filled[slot] ||
      pool[slot].size() != bytes)
    return false;
  // In issue order after the slot's offload: the token is the queue order.
  char *begin = static_cast<char *>(dst);
  uint64_t seq = enqueue(pool[slot].data(), dst, bytes);
  pending.push_back({seq, begin, begin + bytes, slot});
  return true;
}

int64_t CopyStream::slotBytes(int64_t slot) const {
  return size_t(slot) < pool.size() && filled[slot] ? int64_t(pool[slot].size())
                                                    : -1;
}

void CopyStream::waitSlot(int64_t slot) {
  uint64_t last = 0;
  for (const Pending &p : pending)
    if (p.slot == slot)
      last = std::max(last, p.seq);
  if (last)
    waitFor(last);
  prune();
}

void CopyStream::waitOverlapping(const void *begin, size_t bytes) {
  const char *lo = static_cast<const char *>(begin), *hi = lo + bytes;
  uint64_t last = 0;
  for (const Pending &p : pending)
    if (p.begin < hi && lo < p.end)
      last = std::max(last, p.seq);
  if (last)
    waitFor(last);
  prune();
}

void CopyStream::waitAll() {
  if (issued)
    waitFor(issued);
  pending.clear();
}

CopyStream &echo_context::copies() {
  if (!copyStream)
    copyStream = std::make_unique<CopyStream>();
  return *copyStream;
}

echo_context::echo_context() = default;

echo_context::~echo_context() {
  copyStream.reset(); // its copies may read or fill blocks freed below
  memory.releaseAll();
}

namespace {

void offload(Context &ctx, const Operand &x, int64_t slot) {
  TensorView X = offloadView(x, slot);
  ctx.copies().offload(slot, X.data, size_t(X.numel) * x.elementBytes);
}

void prefetch(Context &ctx, const Operand &y, int64_t slot) {
  const char *E = y.entry;
  TensorView Y = offloadView(y, slot);
  size_t bytes = size_t(Y.numel) * y.elementBytes;
  if (ctx.copies().prefetch(slot, Y.data, bytes))
    return;
  int64_t held = ctx.copies().slotBytes(slot);
  if (held < 0)
    fail(E, "nothing was offloaded into slot %lld", (long long)slot);
  fail(E, "slot %lld holds %lld bytes, y %s needs %lld", (long long)slot,
       (long long)held, Y.shapeStr().c_str(), (long long)bytes);
}

} // namespace

// The entries of echo/offload_types.def, each with its element size.
#include "OffloadEntries.inc"

void entry::echo_offload_wait(Context &ctx,
                              const echo_offload_wait_args &args) {
  checkOffloadSlot(args.entry, args.slot);
  if (ctx.copyStream)
    ctx.copyStream->waitSlot(args.slot);
}
