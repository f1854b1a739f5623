//===- OffloadArgs.cpp - Checked arguments of offload and prefetch --------===//

#include "OffloadArgs.h"

using namespace echo_rt;

void echo_rt::checkOffloadSlot(const char *entry, int64_t slot) {
  constexpr int64_t kMaxSlots = int64_t(1) << 20;
  if (slot < 0 || slot >= kMaxSlots)
    fail(entry, "slot %lld is outside [0, %lld)", (long long)slot,
         (long long)kMaxSlots);
}

TensorView echo_rt::offloadView(const Operand &t, int64_t slot) {
  if (t.elementBytes != 1 && t.elementBytes != 2 && t.elementBytes != 4 &&
      t.elementBytes != 8)
    fail(t.entry, "element_bytes %lld must be 1, 2, 4 or 8",
         (long long)t.elementBytes);
  checkOffloadSlot(t.entry, slot);
  return t.view();
}
