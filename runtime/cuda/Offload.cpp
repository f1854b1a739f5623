//===- Offload.cpp - Offload and prefetch on the CUDA backend -------------===//
//
// Dymem's copy stream on a GPU: echo_offload and echo_prefetch run
// cudaMemcpyAsync between device buffers and pinned host slots on a second
// stream, ordered after the compute stream's work so far by an event, and
// each records the slot's event when it ends. An entry that reads or
// writes a pending copy's device bytes makes the compute stream wait for
// that event (Entries.cpp): a device-side wait only where a kernel needs
// the copy, no per-layer barrier and no host synchronization.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "CopyStream.h"
#include "OffloadArgs.h"
#include "TensorView.h"

#include <algorithm>

using namespace echo_cuda;

namespace {

/// The copy stream and the compute stream's mark, created on first use.
EchoCudaCopies &copies(const char *entry, Context &ctx) {
  EchoCudaCopies &c = ctx.copies;
  if (!c.stream)
    check(entry, cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking),
          "cudaStreamCreateWithFlags");
  if (!c.computeMark)
    check(entry,
          cudaEventCreateWithFlags(&c.computeMark, cudaEventDisableTiming),
          "cudaEventCreateWithFlags");
  return c;
}

EchoCudaCopies::Slot &slotOf(const char *entry, EchoCudaCopies &c,
                             int64_t slot) {
  if (size_t(slot) >= c.slots.size())
    c.slots.resize(slot + 1);
  EchoCudaCopies::Slot &s = c.slots[slot];
  if (!s.done)
    check(entry, cudaEventCreateWithFlags(&s.done, cudaEventDisableTiming),
          "cudaEventCreateWithFlags");
  return s;
}

/// Issues one copy on the copy stream after everything the compute stream
/// has been given so far.
void issue(const char *entry, Context &ctx, EchoCudaCopies &c,
           EchoCudaCopies::Slot &s, int64_t slot, void *dst, const void *src,
           size_t bytes, cudaMemcpyKind kind, void *device) {
  check(entry, cudaEventRecord(c.computeMark, ctx.stream), "cudaEventRecord");
  check(entry, cudaStreamWaitEvent(c.stream, c.computeMark, 0),
        "cudaStreamWaitEvent");
  if (bytes)
    check(entry, cudaMemcpyAsync(dst, src, bytes, kind, c.stream),
          "cudaMemcpyAsync");
  check(entry, cudaEventRecord(s.done, c.stream), "cudaEventRecord");
  const char *begin = static_cast<const char *>(device);
  c.pending.push_back({begin, begin + bytes, slot});
}

} // namespace

void echo_cuda::awaitCopies(Context &ctx, const echo_rt::Operand &operand,
                            size_t elementBytes) {
  EchoCudaCopies &c = ctx.copies;
  if (c.pending.empty())
    return;
  const char *entry = operand.entry;
  echo_rt::TensorView t =
      echo_rt::view(entry, "tensor", operand.rank, operand.desc, elementBytes);
  const char *lo = static_cast<const char *>(t.data);
  const char *hi = lo + size_t(t.numel) * elementBytes;
  auto overlapping = [&](const EchoCudaCopies::Pending &p) {
    return p.begin < hi && lo < p.end;
  };
  for (const EchoCudaCopies::Pending &p : c.pending)
    if (overlapping(p))
      check(entry, cudaStreamWaitEvent(ctx.stream, c.slots[p.slot].done, 0),
            "cudaStreamWaitEvent");
  // Later work of the compute stream is ordered after those copies.
  c.pending.erase(std::remove_if(c.pending.begin(), c.pending.end(), overlapping),
                  c.pending.end());
}

cudaError_t echo_cuda::awaitAllCopies(Context &ctx) {
  EchoCudaCopies &c = ctx.copies;
  for (const EchoCudaCopies::Pending &p : c.pending)
    if (cudaError_t e = cudaStreamWaitEvent(ctx.stream, c.slots[p.slot].done, 0);
        e != cudaSuccess)
      return e;
  c.pending.clear();
  return cudaSuccess;
}

void echo_cuda::finishCopies(Context &ctx) {
  EchoCudaCopies &c = ctx.copies;
  if (c.stream)
    cudaStreamSynchronize(c.stream);
  c.pending.clear();
}

void echo_cuda::releaseCopies(Context &ctx) {
  EchoCudaCopies &c = ctx.copies;
  finishCopies(ctx);
  for (EchoCudaCopies::Slot &s : c.slots) {
    if (s.host)
      cudaFreeHost(s.host);
    if (s.done)
      cudaEventDestroy(s.done);
  }
  c.slots.clear();
  if (c.computeMark)
    cudaEventDestroy(c.computeMark);
  if (c.stream)
    cudaStreamDestroy(c.stream);
  c.computeMark = nullptr;
  c.stream = nullptr;
}

namespace {

void offload(Context &ctx, const Operand &x, int64_t slot) {
  const char *E = x.entry;
  refuseWhileRecording(ctx, E, "offloads to the host");
  echo_rt::TensorView X = echo_rt::offloadView(x, slot);
  size_t bytes = size_t(X.numel) * x.elementBytes;
  EchoCudaCopies &c = copies(E, ctx);
  EchoCudaCopies::Slot &s = slotOf(E, c, slot);
  // The slot's earlier copies read or fill its pinned bytes.
  check(E, cudaEventSynchronize(s.done), "cudaEventSynchronize");
  if (s.capacity < bytes) {
    if (s.host)
      check(E, cudaFreeHost(s.host), "cudaFreeHost");
    s.host = nullptr;
    s.capacity = 0;
    check(E, cudaHostAlloc(&s.host, bytes, cudaHostAllocDefault),
          "cudaHostAlloc");
    s.capacity = bytes;
  }
  s.bytes = bytes;
  s.filled = true;
  issue(E, ctx, c, s, slot, s.host, X.data, bytes, cudaMemcpyDeviceToHost,
        X.data);
}

void prefetch(Context &ctx, const Operand &y, int64_t slot) {
  const char *E = y.entry;
  refuseWhileRecording(ctx, E, "prefetches from the host");
  echo_rt::TensorView Y = echo_rt::offloadView(y, slot);
  size_t bytes = size_t(Y.numel) * y.elementBytes;
  EchoCudaCopies &c = copies(E, ctx);
  if (size_t(slot) >= c.slots.size() || !c.slots[slot].filled)
    fail(E, "nothing was offloaded into slot %lld", (long long)slot);
  EchoCudaCopies::Slot &s = c.slots[slot];
  if (s.bytes != bytes)
    fail(E, "slot %lld holds %lld bytes, y %s needs %lld", (long long)slot,
         (long long)s.bytes, Y.shapeStr().c_str(), (long long)bytes);
  issue(E, ctx, c, s, slot, Y.data, s.host, bytes, cudaMemcpyHostToDevice,
        Y.data);
}

} // namespace

// The entries of echo/offload_types.def, each with its element size.
#include "OffloadEntries.inc"

void entry::echo_offload_wait(Context &ctx,
                              const echo_offload_wait_args &args) {
  echo_rt::checkOffloadSlot(args.entry, args.slot);
  refuseWhileRecording(ctx, args.entry, "waits for a copy to the host");
  EchoCudaCopies &c = ctx.copies;
  if (size_t(args.slot) < c.slots.size() && c.slots[args.slot].done)
    check(args.entry, cudaEventSynchronize(c.slots[args.slot].done),
          "cudaEventSynchronize");
}
