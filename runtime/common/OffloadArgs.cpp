//===- OffloadArgs.cpp - Checked arguments of offload and prefetch --------===//

#include "OffloadArgs.h"

using namespace echo_rt;

void echo_rt::checkOffloadSlot(const char *entry, int64_t slot) {
  constexpr int64_t kMaxSlots = int64_t(1) << 20;
  if (slot < 0 || slot >= kMaxSlots)
    fail(entry, "slot %lld is outside [0, %lld)", (long long)slot,
         (long long)kMaxSlots);
}

TensorView echo_rt::offloadView(const char *entry, const char *name,
                                int64_t rank, void *desc, int64_t elementBytes,
                                int64_t slot) {
  if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4 &&
      elementBytes != 8)
    fail(entry, "element_bytes %lld must be 1, 2, 4 or 8",
         (long long)elementBytes);
  checkOffloadSlot(entry, slot);
  return view(entry, name, rank, desc, size_t(elementBytes));
}
