//===- OffloadArgs.cpp - Checked arguments of offload and prefetch --------===//

#include "OffloadArgs.h"

using namespace echo_rt;

void echo_rt::checkOffloadSlot(const char *entry, int64_t slot) {
  constexpr int64_t kMaxSlots = int64_t(1) << 20;
  if (slot < 0 || slot >= kMaxSlots)
    fail(entry, "slot %lld is outside [0, %lld)", (long long)slot,
         (long long)kMaxSlots);
}

/// Fails unless `bytes` is the size of an element the copies move.
static void checkElementBytes(const char *entry, int64_t bytes) {
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
    fail(entry, "element_bytes %lld must be 1, 2, 4 or 8", (long long)bytes);
}

UploadArgs echo_rt::uploadArgs(const echo_upload_args &args) {
  checkElementBytes(args.entry, args.element_bytes);
  UploadArgs a{args.src.view(args.element_bytes),
               args.dst.view(args.element_bytes)};
  expectSameShape(args.entry, a.src, "src", a.dst, "dst");
  return a;
}

TensorView echo_rt::offloadView(const Operand &t, int64_t slot) {
  checkElementBytes(t.entry, int64_t(t.elementBytes));
  checkOffloadSlot(t.entry, slot);
  return t.view();
}
